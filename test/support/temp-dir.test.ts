// The self-tests' temporary directories are removed when their file is done (./remove-temp-dirs.ts).
import { stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeTempDirs, tempDir } from "./temp-dir.js";

describe("tempDir", () => {
  it("makes ego-conformance-<label>-XXXXXX under the OS temp directory, and removeTempDirs removes it with its content", async () => {
    const dir = await tempDir("helper-check");
    expect(dirname(dir)).toBe(tmpdir());
    expect(basename(dir)).toMatch(/^ego-conformance-helper-check-[A-Za-z0-9]{6}$/);
    await writeFile(join(dir, "f"), "x");
    await removeTempDirs();
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
  });
});
