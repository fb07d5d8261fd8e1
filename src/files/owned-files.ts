/**
 * The harness's writes outside its scratch directory, each in the one form that cannot damage what is
 * not its own: never opening what is there, never through a link, replacing only a file it recognises.
 * With ./output-dir.ts, ./append-file.ts and ../scratch/ the only writers (test/architecture/write-door.test.ts).
 */
import { randomBytes } from "node:crypto";
import { closeSync, constants, mkdirSync, openSync, rmSync, writeSync } from "node:fs";
import { chmod, link, lstat, mkdir, open, rename, rm, symlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { namedError } from "../errors/named-error.js";

/** A write the harness refused, or one the system refused: exit 2, naming the path. */
export class OwnedFileError extends namedError("OwnedFileError", "bad-input") {
  code?: string;
}

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const READ_NOFOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** What a system error code means to a user, for messages. */
const CAUSES: Record<string, string> = {
  EROFS: "EROFS (the filesystem is read-only)",
  ENOSPC: "ENOSPC (no space left on the device)",
  EDQUOT: "EDQUOT (the disk quota is used up)",
  EACCES: "EACCES (permission denied)",
  EPERM: "EPERM (operation not permitted)",
  ELOOP: "ELOOP (it is a symbolic link, which the harness never follows)",
  EEXIST: "EEXIST (something is already there)",
  ENOTDIR: "ENOTDIR (a part of the path is a file, not a directory)",
};

/** `cannot <verb> <path>: <code (meaning)>`, for any error a write threw. */
export function describeWriteError(verb: string, path: string, error: unknown): OwnedFileError {
  if (error instanceof OwnedFileError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  const made = new OwnedFileError(`cannot ${verb} ${path}: ${code !== undefined ? (CAUSES[code] ?? code) : (error as Error).message}`);
  if (code !== undefined) made.code = code;
  return made;
}

/** A name for a temporary sibling of `path` (dot-prefixed, this process's pid, random). */
export function siblingName(path: string, tag: string): string {
  return join(dirname(path), `.${basename(path)}.${tag}-${process.pid}-${randomBytes(4).toString("hex")}`);
}

/** Creates the new file `path` holding `data`; fails (EEXIST, ELOOP) when anything is already there. */
export async function createNewFile(path: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  let handle;
  try {
    handle = await open(path, CREATE, mode);
  } catch (error) {
    throw describeWriteError("create", path, error);
  }
  try {
    await handle.writeFile(data);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true }).catch(() => undefined);
    throw describeWriteError("write", path, error);
  }
  await handle.close();
}

/** createNewFile for a caller that cannot wait (the Allure results writer, on vitest's main thread). */
export function createNewFileSync(path: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = openSync(path, CREATE, mode);
  try {
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  closeSync(fd);
}

/** Opens `path` (not a link) for reading, refusing anything but a regular file. */
async function openRegularNoFollow(path: string, kind: string) {
  const handle = await open(path, READ_NOFOLLOW).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ELOOP") throw new OwnedFileError(`refusing ${kind} ${path}: it is a symbolic link, which the harness never follows`);
    throw describeWriteError("read", path, error);
  });
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new OwnedFileError(`refusing ${kind} ${path}: it is not a regular file`);
  }
  return handle;
}

/**
 * Copies the regular file `from` (never through a symbolic link: a link is refused, naming it)
 * to the new file `to`. `kind` says what `from` is, for messages ("a bundle's attachment").
 */
export async function copyRegularFile(from: string, to: string, kind: string): Promise<void> {
  const handle = await openRegularNoFollow(from, kind);
  let data: Buffer;
  try {
    data = await handle.readFile();
  } finally {
    await handle.close();
  }
  await createNewFile(to, data);
}

/**
 * Links the regular file `from` (not a link) as `to`, or copies it where a link cannot be made
 * (another filesystem): a staged view of a results directory, never written to.
 */
export async function linkRegularFile(from: string, to: string, kind: string): Promise<void> {
  const info = await lstat(from).catch((error: unknown) => {
    throw describeWriteError("read", from, error);
  });
  if (info.isSymbolicLink()) throw new OwnedFileError(`refusing ${kind} ${from}: it is a symbolic link, which the harness never follows`);
  if (!info.isFile()) throw new OwnedFileError(`refusing ${kind} ${from}: it is not a regular file`);
  await link(from, to).catch(() => copyRegularFile(from, to, kind));
}

/** Whether `path` holds a regular file (not a link) that `recognise` says is the harness's; undefined when nothing is there. */
async function ownedRegularFile(path: string, recognise: (head: string) => boolean): Promise<boolean | undefined> {
  const info = await lstat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw describeWriteError("examine", path, error);
  });
  if (info === undefined) return undefined;
  if (!info.isFile()) return false;
  const handle = await open(path, READ_NOFOLLOW).catch(() => undefined);
  if (handle === undefined) return false;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return recognise(buffer.subarray(0, bytesRead).toString("utf8"));
  } finally {
    await handle.close();
  }
}

/**
 * Writes `data` to `path` through a new temporary sibling and a rename. What is there already is
 * replaced only when it is a regular file `recognise` accepts (the harness wrote it); anything
 * else (someone's file, a link, a directory) is refused, naming `what` and the path.
 */
export async function replaceOwnedFile(path: string, data: string | Uint8Array, options: { recognise: (head: string) => boolean; what: string; mode?: number }): Promise<void> {
  const owned = await ownedRegularFile(path, options.recognise);
  if (owned === false) throw new OwnedFileError(`refusing ${options.what} ${path}: it is there and is not a file ego-conformance wrote, so it is not replaced; give another path, or remove it yourself`);
  const temporary = siblingName(path, "tmp");
  try {
    await createNewFile(temporary, data, options.mode ?? 0o644);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw describeWriteError("write", path, error);
  }
}

/**
 * Opens the log `path` for appending (made 0600 when missing), never through a symbolic link
 * (O_NOFOLLOW) and only when it is a regular file: the descriptor a detached process writes to.
 */
export async function openLogForAppend(path: string) {
  const handle = await open(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o600).catch((error: unknown) => {
    throw describeWriteError("open the log", path, error);
  });
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new OwnedFileError(`refusing the log ${path}: it is not a regular file`);
  }
  return handle;
}

/** Removes `path` when it is a regular file (not a link) `recognise` accepts; true when it was removed. */
export async function removeOwnedFile(path: string, recognise: (head: string) => boolean): Promise<boolean> {
  if ((await ownedRegularFile(path, recognise)) !== true) return false;
  await rm(path, { force: true });
  return true;
}

/** Removes `path` when it is a socket (an endpoint the harness bound); anything else stays. */
export async function removeSocket(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info?.isSocket()) await rm(path, { force: true });
}

/** Restricts the socket the harness just bound at `path` to its user (mode 0600). */
export async function restrictSocket(path: string): Promise<void> {
  const info = await lstat(path);
  if (!info.isSocket()) throw new OwnedFileError(`refusing to change ${path}: it is not the socket the harness bound`);
  await chmod(path, 0o600);
}

/** Makes the directory `dir` and its missing parents (an existing one is left as it is). */
export async function makeDirectory(dir: string, mode?: number): Promise<void> {
  await mkdir(dir, { recursive: true, ...(mode !== undefined ? { mode } : {}) }).catch((error: unknown) => {
    throw describeWriteError("create the directory", dir, error);
  });
}

/** makeDirectory, synchronously. */
export function makeDirectorySync(dir: string, mode?: number): void {
  try {
    mkdirSync(dir, { recursive: true, ...(mode !== undefined ? { mode } : {}) });
  } catch (error) {
    throw describeWriteError("create the directory", dir, error);
  }
}

/** Renames `from` to `to` within one directory the harness owns (a lock moved aside, a build swapped in). */
export async function renameOwned(from: string, to: string): Promise<void> {
  await rename(from, to);
}

/** Links `from` as the new name `to` (fails when `to` exists: how a lock is taken). */
export async function linkNew(from: string, to: string): Promise<void> {
  await link(from, to);
}

/**
 * Removes a file the caller made itself (its own temporary sibling, its own lock) or has just
 * proven its own (a launcher `fake install` recognised by its mark). Never follows a link: a link
 * is removed, not what it points at.
 */
export async function removeOwnFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/**
 * Removes the folder `path` with everything in it: only a folder the caller has proven its own
 * (it carries the caller's marker) or the user asked to replace by name (`fake install --force`).
 */
export async function removeOwnTree(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true, maxRetries: 3 });
}

/** Makes the new symbolic link `path` pointing at `target` (fails when anything is there). */
export async function createSymlink(target: string, path: string): Promise<void> {
  await symlink(target, path).catch((error: unknown) => {
    throw describeWriteError("create the link", path, error);
  });
}
