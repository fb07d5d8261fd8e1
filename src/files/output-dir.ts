/**
 * Every path the harness writes or empties goes through here: a directory is emptied only when it is
 * missing, empty or carries the harness's marker, and files and directories are built beside and
 * swapped in whole. The checks are apart from the writes so the CLI makes them all before a suite runs.
 */
import { access, lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { constants, copyFileSync, renameSync, rmSync } from "node:fs";
import { readInputFile } from "./input-file.js";
import { createNewFile, createNewFileSync, describeWriteError, siblingName } from "./owned-files.js";
import { homedir } from "node:os";
import { dirname, join, parse, resolve, sep } from "node:path";
import { namedError } from "../errors/named-error.js";

/** A path the harness may not write or empty: exit 2, naming the path, nothing deleted. */
export class OutputPathError extends namedError("OutputPathError", "bad-input") {}

/** The kinds of directory the harness makes and may empty again; each has its marker file. */
export const OUTPUT_KINDS = {
  results: "Allure results",
  report: "Allure report",
  allure: "matrix Allure folder",
  "fake-app": "fake app folder",
  outcomes: "per-target outcomes",
  bundle: "matrix bundle",
} as const;
export type OutputKind = keyof typeof OUTPUT_KINDS;

export function markerName(kind: OutputKind): string {
  return `.ego-conformance-${kind}`;
}

/** The checkout this harness runs from: never emptied, never written over. */
const CHECKOUT = resolve(import.meta.dirname, "../..");

export interface DirCheck {
  /** how the user named it, for messages: `--results`, `matrix --out`, ... */
  what: string;
  /** the working directory the path was given in (default: process.cwd()) */
  cwd?: string;
}

export interface FileCheck extends DirCheck {
  /**
   * what every file of this kind the harness writes holds in its first 4 KiB (compat.html's
   * generator tag, compat.json's or an outcomes file's format). An existing file without it is
   * someone else's: refused. Every kind of output file has one: nothing unproven is replaced.
   */
  marker: string;
}

const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);

/** The refusals that need no look at the disk: an empty path, a directory holding the cwd, the checkout, home or /. */
function checkPlace(path: string, check: DirCheck): string {
  if (path.trim() === "") throw new OutputPathError(`${check.what} is empty: give a directory the harness may create and replace`);
  const cwd = resolve(check.cwd ?? process.cwd());
  const abs = resolve(cwd, path);
  for (const wd of new Set([cwd, process.cwd()])) {
    if (within(wd, abs)) throw new OutputPathError(`refusing ${check.what} ${abs}: it is or contains the working directory, which the harness never empties`);
  }
  if (within(CHECKOUT, abs)) throw new OutputPathError(`refusing ${check.what} ${abs}: it is or contains the harness's checkout`);
  if (abs === parse(abs).root || abs === resolve(homedir())) throw new OutputPathError(`refusing ${check.what} ${abs}: the harness never empties the filesystem root or the home directory`);
  return abs;
}

/**
 * Whether `dir` may be emptied for output of `kind`: missing, empty, or marked. Throws
 * OutputPathError (naming the path and why) otherwise. Returns the absolute path.
 */
export async function checkOwnedDir(dir: string, kind: OutputKind, check: DirCheck): Promise<string> {
  const abs = checkPlace(dir, check);
  const info = await lstat(abs).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new OutputPathError(`${check.what} ${abs} cannot be examined: ${error.code ?? error.message}`);
  });
  if (info === undefined) {
    await checkParentWritable(abs, check);
    return abs;
  }
  if (info.isSymbolicLink()) throw new OutputPathError(`refusing ${check.what} ${abs}: it is a symbolic link, not a directory the harness made`);
  if (!info.isDirectory()) throw new OutputPathError(`refusing ${check.what} ${abs}: it is a file, not a directory; the harness replaces only directories it made`);
  const entries = await readdir(abs).catch((error: NodeJS.ErrnoException) => {
    throw new OutputPathError(`${check.what} ${abs} cannot be read: ${error.code ?? error.message}`);
  });
  if (entries.length === 0 || entries.includes(markerName(kind))) {
    await checkParentWritable(abs, check);
    return abs;
  }
  throw new OutputPathError(
    `refusing ${check.what} ${abs}: it is not empty and was not made by ego-conformance (no ${markerName(kind)} file in it), so it is not emptied; ` +
      `give a new or empty directory, or remove this one yourself`,
  );
}

/**
 * The nearest existing folder above `abs` is a directory this process may write in: a read-only
 * filesystem (EROFS), a folder it may not write (EACCES) or a file in the way (ENOTDIR) is said
 * now, naming the path, before the command does any work.
 */
async function checkParentWritable(abs: string, check: DirCheck): Promise<void> {
  for (let dir = dirname(abs); ; dir = dirname(dir)) {
    const up = await stat(dir).catch(() => undefined);
    if (up !== undefined) {
      if (!up.isDirectory()) throw new OutputPathError(`refusing ${check.what} ${abs}: ${dir} is a file, not a directory`);
      await access(dir, constants.W_OK).catch((error: unknown) => {
        throw new OutputPathError(describeWriteError(`write ${check.what}`, abs, error).message.replace(`${abs}:`, `${abs} (in ${dir}):`));
      });
      return;
    }
    if (dirname(dir) === dir) return;
  }
}

/**
 * Whether `file` may be written (over an earlier file): not empty, not a directory, not a link,
 * not the checkout, and, when a file is there, one the harness wrote (it holds `check.marker`).
 */
export async function checkOutputFile(file: string, check: FileCheck): Promise<string> {
  if (file.trim() === "") throw new OutputPathError(`${check.what} is empty: give a file to write`);
  const abs = resolve(check.cwd ?? process.cwd(), file);
  const info = await lstat(abs).catch(() => undefined);
  if (info?.isSymbolicLink()) throw new OutputPathError(`refusing ${check.what} ${abs}: it is a symbolic link; the harness never writes through one`);
  if (info?.isDirectory()) throw new OutputPathError(`refusing ${check.what} ${abs}: it is a directory, not a file`);
  // a FIFO, a socket or a device would be replaced by a regular file (or block the write): refused
  if (info !== undefined && !info.isFile()) throw new OutputPathError(`refusing ${check.what} ${abs}: it is not a regular file (a FIFO, a socket or a device), and the harness replaces only regular files`);
  if (info !== undefined) {
    const head = await readInputFile(abs, { kind: check.what }).then((t) => t.slice(0, 4096), (error: Error) => {
      throw new OutputPathError(error.message);
    });
    if (!head.includes(check.marker)) {
      throw new OutputPathError(`refusing ${check.what} ${abs}: the file is there and was not written by ego-conformance (it lacks ${JSON.stringify(check.marker)}), so it is not replaced; give another path, or remove it yourself`);
    }
  }
  await checkParentWritable(abs, check);
  return abs;
}

/** Empties `dir` (after checking it as checkOwnedDir does) and marks it as the harness's. */
export async function prepareOwnedDir(dir: string, kind: OutputKind, check: DirCheck): Promise<string> {
  const abs = await checkOwnedDir(dir, kind, check);
  try {
    await rm(abs, { recursive: true, force: true });
    await mkdir(abs, { recursive: true });
    await createNewFile(join(abs, markerName(kind)), `made by ego-conformance (${OUTPUT_KINDS[kind]}); the harness may empty this directory\n`);
  } catch (error) {
    throw new OutputPathError(describeWriteError(`prepare ${check.what}`, abs, error).message);
  }
  return abs;
}

/**
 * Makes `dir` the harness's folder of `kind` without emptying it (checked as checkOwnedDir does):
 * created and marked when missing or empty, left as it is when it carries the marker.
 */
export async function claimOwnedDir(dir: string, kind: OutputKind, check: DirCheck, mode?: number): Promise<string> {
  const abs = await checkOwnedDir(dir, kind, check);
  try {
    await mkdir(abs, { recursive: true, ...(mode !== undefined ? { mode } : {}) });
    const marker = join(abs, markerName(kind));
    if (!(await lstat(marker).then(() => true, () => false))) {
      await createNewFile(marker, `made by ego-conformance (${OUTPUT_KINDS[kind]}); the harness may replace what it wrote here\n`).catch(async (error: unknown) => {
        // another claim of the same folder made the marker in between (two `fake start` at once): it is marked either way
        const marked = await lstat(marker).then((s) => s.isFile(), () => false);
        if (!marked || (error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      });
    }
  } catch (error) {
    throw new OutputPathError(describeWriteError(`prepare ${check.what}`, abs, error).message);
  }
  return abs;
}

/** Writes `file` through a temporary sibling and a rename; the sibling never outlives a failure. */
export async function writeFileAtomic(file: string, data: string | Uint8Array, options: { mode?: number } = {}): Promise<void> {
  const temporary = siblingName(file, "tmp");
  try {
    await mkdir(dirname(file), { recursive: true });
    // a new sibling (O_EXCL|O_NOFOLLOW), renamed over: a link at `file` is replaced, never written through
    await createNewFile(temporary, data, options.mode ?? 0o644);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    // ENOSPC, EROFS, EACCES: the message names the file (the system's names none)
    throw new OutputPathError(describeWriteError("write", file, error).message);
  }
}

/**
 * writeFileAtomic for a caller that cannot wait (the Allure results writer, on vitest's main
 * thread): the same sibling and rename, no fsync; the error is the system's, as allure-js's own.
 */
export function writeFileAtomicSync(file: string, data: string | Uint8Array): void {
  throughSiblingSync(file, (temporary) => createNewFileSync(temporary, data));
}

/** Copies `from` to `to` through a temporary sibling of `to` and a rename. */
export function copyFileAtomicSync(from: string, to: string): void {
  throughSiblingSync(to, (temporary) => copyFileSync(from, temporary, constants.COPYFILE_EXCL));
}

/** `write` makes a temporary sibling of `file`, which is then renamed to it; it never outlives a failure. */
function throughSiblingSync(file: string, write: (temporary: string) => void): void {
  const temporary = siblingName(file, "tmp");
  try {
    write(temporary);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Builds the directory `dir` (output of `kind`) in a temporary sibling and swaps it in when `build`
 * completes: an earlier `dir` stays whole until then (checked as checkOwnedDir does, before
 * anything is built). When `build` throws (an interrupt included), the sibling is removed and the
 * earlier directory is left as it was.
 */
export async function replaceDirAtomically<T>(dir: string, kind: OutputKind, check: DirCheck, build: (temporary: string) => Promise<T>): Promise<T> {
  const abs = await checkOwnedDir(dir, kind, check);
  await mkdir(dirname(abs), { recursive: true });
  const temporary = siblingName(abs, "new");
  let result: T;
  try {
    result = await build(temporary);
    await mkdir(temporary, { recursive: true });
    // `build` may have claimed the folder itself (prepareOwnedDir writes the same marker)
    const marker = join(temporary, markerName(kind));
    const marked = await lstat(marker).then((s) => s.isFile(), () => false);
    if (!marked) await createNewFile(marker, `made by ego-conformance (${OUTPUT_KINDS[kind]}); the harness may replace this directory\n`);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  // swap: the earlier directory (re-checked: it may have changed while building) moves aside, then goes
  const old = siblingName(abs, "old");
  try {
    await checkOwnedDir(abs, kind, check);
    const exists = await lstat(abs).then(() => true, () => false);
    if (exists) await rename(abs, old);
    await rename(temporary, abs);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  await rm(old, { recursive: true, force: true });
  return result;
}
