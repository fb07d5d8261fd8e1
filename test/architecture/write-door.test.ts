// One door for every write: no module but those of src/files/ (the door: output-dir.ts,
// owned-files.ts, append-file.ts) and src/scratch/ (the run's own temporary folders) imports a
// function of node:fs that creates, writes, renames, links, changes or removes a file or folder.
// A new command therefore cannot write a path a user gave without going through the checks there.
//
// Scope: src/, fake-bridge/ and bin/, everything the CLI and the fake app run. Left out: scripts/
// (developer tools run from the checkout, never shipped, writing only the checkout's own dist/,
// reports/ and docs/ or their own temporary folders) and test/ (the self-tests build hostile
// files on purpose). Two .mjs files run before any TypeScript can load, and are listed with why.
// mkdir and mkdtemp count as writes (a folder made in a user's path is a change there too); so
// does open, of either API, since only its flags tell a read from a write (readers use
// src/files/input-file.ts).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFilesUnder } from "../support/source-files.js";

const ROOT = join(import.meta.dirname, "../..");
const SCANNED = ["src", "fake-bridge", "bin"];
const DOOR = ["src/files/", "src/scratch/"];

/** Files that write outside the door, each for its reason: none writes a path a user gave. */
const BEFORE_TYPESCRIPT: Record<string, string> = {
  "src/processes/checkout-bundle.mjs": "bundles the checkout into its own .cache/bundles before any TypeScript loader runs",
  "src/cli/temp-dir-check.mjs": "makes and removes one empty probe folder in TMPDIR before any TypeScript loader runs",
};

/** The functions of node:fs (and its promises) that change what is on disk. */
export const FS_WRITERS = new Set(
  [
    "writeFile", "appendFile", "rename", "rm", "unlink", "rmdir", "mkdir", "mkdtemp", "copyFile", "cp", "symlink", "link",
    "truncate", "ftruncate", "chmod", "lchmod", "fchmod", "chown", "lchown", "fchown", "utimes", "lutimes", "futimes",
    "write", "writev", "open", "createWriteStream",
  ].flatMap((name) => (name === "createWriteStream" ? [name] : [name, `${name}Sync`])),
);

const FS_MODULE = /^(node:)?fs(\/promises)?$/;

/** What `text` imports from node:fs that writes: each named writer, or a whole-module import (which reaches them all). */
export function fsWritersIn(source: string): string[] {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+([^;]*?)\s+from\s+["']([^"']+)["']/g)) {
    if (!FS_MODULE.test(m[2]!)) continue;
    const clause = m[1]!.trim();
    if (clause.startsWith("type ")) continue;
    const named = /\{([^}]*)\}/.exec(clause);
    const outside = clause.replace(/\{[^}]*\}/, "").replace(/,/g, " ").trim();
    if (outside !== "") found.push(`${outside} (the whole module)`);
    for (const part of named?.[1]!.split(",") ?? []) {
      const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0]!;
      if (FS_WRITERS.has(name)) found.push(name);
    }
  }
  for (const m of text.matchAll(/(?:require|import)\(\s*["']((?:node:)?fs(?:\/promises)?)["']\s*\)/g)) found.push(`${m[0]} (the whole module)`);
  return found;
}

describe("every write goes through the door (src/files/, src/scratch/)", () => {
  it("no other module under src/, fake-bridge/ or bin/ imports a writer of node:fs", () => {
    const files = SCANNED.flatMap((dir) => sourceFilesUnder(join(ROOT, dir)).map((f) => relative(ROOT, f)));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !DOOR.some((door) => file.startsWith(door)) && !(file in BEFORE_TYPESCRIPT))
      .flatMap((file) => fsWritersIn(readFileSync(join(ROOT, file), "utf8")).map((name) => `${file}: ${name}`));
    expect(offenders, "write through src/files/ (owned-files.ts, output-dir.ts, append-file.ts) instead").toEqual([]);
  });

  it("the scan sees a writer however it is imported, and lets readers pass", () => {
    expect(fsWritersIn(`import { readFileSync, writeFileSync } from "node:fs";`)).toEqual(["writeFileSync"]);
    expect(fsWritersIn(`import {\n  lstat,\n  rm as remove,\n} from "fs/promises";`)).toEqual(["rm"]);
    expect(fsWritersIn(`import { open } from "node:fs/promises";`)).toEqual(["open"]);
    expect(fsWritersIn(`import * as fs from "node:fs";`)).toEqual(["* as fs (the whole module)"]);
    expect(fsWritersIn(`import fs, { stat } from "fs";`)).toEqual(["fs (the whole module)"]);
    expect(fsWritersIn(`const fs = await import("node:fs");`)).toHaveLength(1);
    expect(fsWritersIn(`import { createWriteStream, cpSync, symlink } from "node:fs";`)).toEqual(["createWriteStream", "cpSync", "symlink"]);
    expect(fsWritersIn(`import { readFile, readdir, lstat, stat, existsSync } from "node:fs/promises";`)).toEqual([]);
    expect(fsWritersIn(`import type { Stats } from "node:fs";`)).toEqual([]);
    expect(fsWritersIn(`import { writeFileAtomic } from "../files/output-dir.js";`)).toEqual([]);
    expect(fsWritersIn(`/** as \`await import("node:fs/promises")\` does */\n// import { rm } from "node:fs";`)).toEqual([]);
  });

  it("the files kept out of the scan exist and still write", () => {
    for (const file of Object.keys(BEFORE_TYPESCRIPT)) expect(fsWritersIn(readFileSync(join(ROOT, file), "utf8")), file).not.toEqual([]);
  });
});
