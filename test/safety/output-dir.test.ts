// src/files/output-dir.ts on its own: what may be emptied, what is refused, and that a failed
// write or build leaves neither a temporary sibling nor a damaged earlier output.
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutputFile, checkOwnedDir, markerName, OutputPathError, prepareOwnedDir, replaceDirAtomically, writeFileAtomic } from "../../src/files/output-dir.js";
import { tempDir } from "../support/temp-dir.js";

const what = { what: "--results" };

describe("checkOwnedDir", () => {
  it("accepts a missing, an empty and a marked directory", async () => {
    const root = await tempDir("owned");
    await expect(checkOwnedDir(join(root, "missing"), "results", what)).resolves.toBe(join(root, "missing"));
    await mkdir(join(root, "empty"));
    await expect(checkOwnedDir(join(root, "empty"), "results", what)).resolves.toBe(join(root, "empty"));
    const made = await prepareOwnedDir(join(root, "made"), "results", what);
    await writeFile(join(made, "x-result.json"), "{}");
    await expect(checkOwnedDir(made, "results", what)).resolves.toBe(made);
  });

  it("refuses a foreign directory, another kind's marker, a file, a symbolic link, '', the working directory and above", async () => {
    const root = await tempDir("owned");
    await mkdir(join(root, "foreign"));
    await writeFile(join(root, "foreign", "notes.txt"), "mine");
    await writeFile(join(root, "file"), "mine");
    await symlink(join(root, "foreign"), join(root, "link"));
    const report = await prepareOwnedDir(join(root, "report"), "report", what);
    await writeFile(join(report, "index.html"), "r");
    for (const path of [join(root, "foreign"), join(root, "file"), join(root, "link"), report, "", ".", process.cwd(), "/"]) {
      await expect(checkOwnedDir(path, "results", { what: "--results", cwd: root }), path).rejects.toBeInstanceOf(OutputPathError);
    }
    await expect(prepareOwnedDir(join(root, "foreign"), "results", what)).rejects.toThrow(new RegExp(`refusing --results ${join(root, "foreign")}`));
    expect(await readFile(join(root, "foreign", "notes.txt"), "utf8")).toBe("mine");
    expect(await readFile(join(root, "file"), "utf8")).toBe("mine");
  });

  it("checkOutputFile refuses '' and a directory", async () => {
    const root = await tempDir("owned");
    await expect(checkOutputFile("", { what: "--outcomes", marker: "\"schema\"" })).rejects.toThrow(/--outcomes is empty/);
    await expect(checkOutputFile(root, { what: "--outcomes", marker: "\"schema\"" })).rejects.toThrow(/is a directory/);
    await expect(checkOutputFile(join(root, "a", "b.json"), { what: "--outcomes", marker: "\"schema\"" })).resolves.toBe(join(root, "a", "b.json"));
  });
});

describe("writeFileAtomic and replaceDirAtomically", () => {
  it("a write that cannot be completed leaves no temporary sibling", async () => {
    const root = await tempDir("atomic");
    const target = join(root, "outcomes.json");
    await mkdir(target);
    await writeFile(join(target, "occupied"), "x"); // rename over a non-empty directory fails
    await expect(writeFileAtomic(target, "{}")).rejects.toThrow();
    expect((await readdir(root)).sort()).toEqual(["outcomes.json"]);
    await writeFileAtomic(join(root, "ok.json"), "{}");
    expect((await readdir(root)).sort()).toEqual(["ok.json", "outcomes.json"]);
  });

  it("a build that fails keeps the earlier directory whole; one that completes replaces it, marked", async () => {
    const root = await tempDir("atomic");
    const dir = join(root, "report");
    await replaceDirAtomically(dir, "report", what, async (tmp) => {
      await mkdir(tmp);
      await writeFile(join(tmp, "index.html"), "first");
    });
    await expect(
      replaceDirAtomically(dir, "report", what, async (tmp) => {
        await mkdir(tmp);
        await writeFile(join(tmp, "index.html"), "half");
        throw new Error("interrupted");
      }),
    ).rejects.toThrow("interrupted");
    expect(await readFile(join(dir, "index.html"), "utf8")).toBe("first");
    expect(await readdir(root)).toEqual(["report"]);
    await replaceDirAtomically(dir, "report", what, async (tmp) => {
      await mkdir(tmp);
      await writeFile(join(tmp, "index.html"), "second");
    });
    expect((await readdir(dir)).sort()).toEqual([markerName("report"), "index.html"].sort());
    expect(await readFile(join(dir, "index.html"), "utf8")).toBe("second");
    expect(await readdir(root)).toEqual(["report"]);
  });
});
