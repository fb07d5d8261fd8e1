// A full disk and a read-only one, made for real: a tmpfs of 64 KiB, filled, and one mounted
// read-only. `run --results` there ends with exit 2 and one line that names the path and the
// cause (ENOSPC, EROFS), and leaves nothing in the folder (no empty lock file). A disk that fills
// during the run (32 KiB: the lock and the first results fit, not all 18 clauses' results) ends
// the same way, with no "Unhandled Error" from vitest's results writer. Mounting needs
// root: where the tests do not run as root, the file says so and runs nothing.
import { execa } from "execa";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, STACK_LINE } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const root = typeof process.getuid === "function" && process.getuid() === 0;
const mounted: string[] = [];
afterAll(async () => {
  for (const dir of mounted) await execa("umount", [dir], { reject: false });
});

async function tmpfs(options: string, size = "64k"): Promise<string> {
  const dir = await tempDir("disk");
  await execa("mount", ["-t", "tmpfs", "-o", `size=${size},${options}`, "tmpfs", dir]);
  mounted.push(dir);
  return dir;
}

describe.skipIf(!root)("run --results on a full or read-only disk (root: mounts a tmpfs)", () => {
  it.each([
    ["full", "rw", "ENOSPC"],
    ["read-only", "ro", "EROFS"],
  ] as const)("%s (mounted %s): exit 2, %s and the path named once, nothing left", { timeout: 60_000 }, async (_what, mode, code) => {
    const disk = await tmpfs(mode);
    if (mode === "rw") {
      // fill it: what fits, then one more block that does not
      await writeFile(join(disk, "fill"), Buffer.alloc(64 * 1024)).catch(() => undefined);
      await writeFile(join(disk, "fill-2"), Buffer.alloc(4096)).catch(() => undefined);
    }
    const before = await readdir(disk);
    const results = join(disk, "r");
    const run = await runCli(["run", "--area", "task-state", "--pages", "model", "--results", results, "--no-report"]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).not.toMatch(STACK_LINE);
    const lines = run.stderr.split("\n").filter((l) => l.includes(code));
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toContain(disk);
    expect((await readdir(disk)).sort(), "nothing left in the folder").toEqual(before.sort());
  });
});

describe.skipIf(!root)("run --results on a disk that fills during the run (root: mounts a tmpfs)", () => {
  it("exit 2, one line naming the result file and ENOSPC, no stack trace, no vitest error", { timeout: 60_000 }, async () => {
    const disk = await tmpfs("rw", "32k");
    const results = join(disk, "r");
    const run = await runCli(["run", "--area", "error-codes", "--pages", "model", "--results", results, "--no-report", "--workers", "1"]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.stderr).not.toContain("Unhandled Error");
    const lines = run.stderr.split("\n").filter((l) => l.includes("ENOSPC"));
    expect(lines, run.stderr).toHaveLength(1);
    // the disk filled during the run: the lock was taken and results were written before it did
    expect(lines[0]).toMatch(new RegExp(`cannot write ${results}/[^ ]+-(result|attachment)\\.json: ENOSPC`));
    expect(run.stdout, "no summary of a run whose results are incomplete").not.toMatch(/PASSED/);
    // no lock and no half-written sibling left
    expect(await readdir(disk)).toEqual(["r"]);
    expect((await readdir(results)).filter((n) => n.includes(".tmp-"))).toEqual([]);
  });
});
