// src/files/owned-files.ts on its own (in process): creation is exclusive and never follows a
// link, a file is replaced or removed only when recognised as the harness's, a copy refuses a
// link, an append refuses a link, and the run ledger refuses a link or someone else's file.
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendToRegularFile } from "../../src/files/append-file.js";
import { InputFileError } from "../../src/files/input-file.js";
import { copyRegularFile, createNewFile, describeWriteError, OwnedFileError, removeOwnedFile, replaceOwnedFile } from "../../src/files/owned-files.js";
import { Ledger } from "../../src/safety/ledger.js";
import { tempDir } from "../support/temp-dir.js";

const ours = (head: string) => head.startsWith("OURS");

describe("createNewFile", () => {
  it("creates a new file, and never opens what is there: a file, or a link to one", async () => {
    const dir = await tempDir("owned-create");
    await createNewFile(join(dir, "new"), "x");
    expect(await readFile(join(dir, "new"), "utf8")).toBe("x");
    await writeFile(join(dir, "target"), "mine");
    await symlink(join(dir, "target"), join(dir, "link"));
    for (const name of ["new", "target", "link"]) await expect(createNewFile(join(dir, name), "overwritten")).rejects.toThrow(join(dir, name));
    expect(await readFile(join(dir, "target"), "utf8")).toBe("mine");
  });
});

describe("replaceOwnedFile and removeOwnedFile", () => {
  it("replace and remove only a regular file the caller recognises; never a link, never someone's file", async () => {
    const dir = await tempDir("owned-replace");
    await writeFile(join(dir, "theirs"), "THEIRS");
    await writeFile(join(dir, "outside"), "OURS but outside");
    await symlink(join(dir, "outside"), join(dir, "link"));
    for (const name of ["theirs", "link"]) {
      await expect(replaceOwnedFile(join(dir, name), "OURS new", { recognise: ours, what: "the file" })).rejects.toBeInstanceOf(OwnedFileError);
      expect(await removeOwnedFile(join(dir, name), ours)).toBe(false);
    }
    expect(await readFile(join(dir, "theirs"), "utf8")).toBe("THEIRS");
    expect(await readFile(join(dir, "outside"), "utf8")).toBe("OURS but outside");
    await replaceOwnedFile(join(dir, "mine"), "OURS 1", { recognise: ours, what: "the file" });
    await replaceOwnedFile(join(dir, "mine"), "OURS 2", { recognise: ours, what: "the file" });
    expect(await readFile(join(dir, "mine"), "utf8")).toBe("OURS 2");
    expect(await removeOwnedFile(join(dir, "mine"), ours)).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(["link", "outside", "theirs"]);
  });
});

describe("copyRegularFile", () => {
  it("copies a regular file, and refuses a link (naming it) without following it", async () => {
    const dir = await tempDir("owned-copy");
    await writeFile(join(dir, "secret"), "SECRET");
    await symlink(join(dir, "secret"), join(dir, "attachment"));
    await mkdir(join(dir, "out"));
    await expect(copyRegularFile(join(dir, "attachment"), join(dir, "out", "a"), "a bundle's file")).rejects.toThrow(/attachment: it is a symbolic link/);
    await copyRegularFile(join(dir, "secret"), join(dir, "out", "b"), "a bundle's file");
    expect(await readdir(join(dir, "out"))).toEqual(["b"]);
  });
});

describe("appends and the run ledger", () => {
  it("an append never goes through a link", async () => {
    const dir = await tempDir("owned-append");
    await writeFile(join(dir, "notes"), "my notes\n");
    await symlink(join(dir, "notes"), join(dir, "ledger"));
    expect(() => appendToRegularFile(join(dir, "ledger"), "line\n", "run ledger")).toThrow(/ELOOP/);
    expect(await readFile(join(dir, "notes"), "utf8")).toBe("my notes\n");
  });

  it("a ledger that is a link, or someone's file, is refused on reading, and nothing is appended", async () => {
    const dir = await tempDir("owned-ledger");
    await writeFile(join(dir, "notes"), "my notes\n");
    await symlink(join(dir, "notes"), join(dir, "link.jsonl"));
    for (const path of [join(dir, "link.jsonl"), join(dir, "notes")]) {
      expect(() => new Ledger(path).read(), path).toThrow(InputFileError);
      expect(() => new Ledger(path).read(), path).toThrow(path);
    }
    const own = new Ledger(join(dir, "own.jsonl"));
    own.startRun("r1");
    expect(own.read().runs.has("r1")).toBe(true);
    expect(await readFile(join(dir, "notes"), "utf8")).toBe("my notes\n");
  });
});

describe("describeWriteError", () => {
  it("names the path and says what the system's code means", () => {
    const error = describeWriteError("write", "/ro/x", Object.assign(new Error("EROFS: read-only file system"), { code: "EROFS" }));
    expect(error.message).toBe("cannot write /ro/x: EROFS (the filesystem is read-only)");
    expect(error.code).toBe("EROFS");
  });
});
