/**
 * The one way the harness reads a file it was given or finds on disk: only a regular file, checked on
 * the open descriptor, at most INPUT_FILE_MAX_BYTES, every error naming the path.
 * test/safety/input-files.test.ts fails when a module reads a file another way.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
import { open } from "node:fs/promises";
import { namedError } from "../errors/named-error.js";

/**
 * The most a harness input may hold: 256 MiB. A baseline of 400,000 clauses is about 40 MiB, the
 * largest input seen; V8 cannot hold a string much beyond 512 MiB.
 */
export const INPUT_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** An input file that cannot be read: the message names the file, what it should be and why. */
export class InputFileError extends namedError("InputFileError", "bad-input") {
  constructor(
    message: string,
    /** the system's code (ENOENT, EISDIR, ...), or NOT_REGULAR / TOO_BIG / NOT_JSON */
    readonly code: string,
    readonly path: string,
  ) {
    super(message);
  }
}

export interface InputFileOptions {
  /** what the file is, for messages: "outcomes", "expectations", "matrix bundle", "ledger" */
  kind: string;
  /** the bound on its size (default INPUT_FILE_MAX_BYTES) */
  maxBytes?: number;
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

function whatItIs(info: Stats): string {
  if (info.isDirectory()) return "a directory";
  if (info.isFIFO()) return "a FIFO (named pipe)";
  if (info.isSocket()) return "a socket";
  if (info.isCharacterDevice() || info.isBlockDevice()) return "a device";
  return "not a regular file";
}

function systemError(error: unknown, path: string, kind: string): InputFileError {
  if (error instanceof InputFileError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "EIO";
  return new InputFileError(`cannot read ${kind} file ${path}: ${code}${code === "ENOENT" ? " (no such file)" : ""}`, code, path);
}

/** The bound on the file's size, and its size when it was opened. */
function checkOpened(info: Stats, path: string, options: InputFileOptions): { max: number; size: number } {
  if (!info.isFile()) {
    throw new InputFileError(`cannot read ${options.kind} file ${path}: it is ${whatItIs(info)}; the harness reads only regular files`, "NOT_REGULAR", path);
  }
  const max = options.maxBytes ?? INPUT_FILE_MAX_BYTES;
  if (info.size > max) throw tooBig(path, options, info.size);
  return { max, size: info.size };
}

function tooBig(path: string, options: InputFileOptions, size: number | string): InputFileError {
  const max = options.maxBytes ?? INPUT_FILE_MAX_BYTES;
  return new InputFileError(`cannot read ${options.kind} file ${path}: it holds ${size} bytes, more than the ${max} bytes an input may hold`, "TOO_BIG", path);
}

const CHUNK = 1024 * 1024;

/**
 * The read loop of both readers, apart from the reading itself: it yields each buffer to fill
 * and is given back how many bytes went into it (0 at the end of the file), so the async reader
 * drives it with `await handle.read` and the sync one with `readSync`. It returns the text,
 * refusing more than `max` bytes (a file that grew after fstat). Each buffer is sized for what
 * fstat said is left (one byte more, to see the end), a single byte once that is read (the end,
 * or a file that grew), and CHUNK after that: a run reads a thousand small result files, and a
 * megabyte for each of them cost its process half a second of allocation and garbage collection.
 */
function* readLoop({ max, size }: { max: number; size: number }, path: string, options: InputFileOptions): Generator<Buffer, string, number> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const want = total < size ? size - total + 1 : total === size ? 1 : CHUNK;
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, want));
    const bytesRead = yield buffer;
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    total += bytesRead;
    if (total > max) throw tooBig(path, options, `more than ${max}`);
  }
  return Buffer.concat(chunks, total).toString("utf8");
}

/** The text of the regular file `path` (UTF-8), read as the module comment says. */
export async function readInputFile(path: string, options: InputFileOptions): Promise<string> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    throw systemError(error, path, options.kind);
  }
  try {
    const loop = readLoop(checkOpened(await handle.stat(), path, options), path, options);
    let step = loop.next();
    while (!step.done) step = loop.next((await handle.read(step.value, 0, step.value.length, null)).bytesRead);
    return step.value;
  } catch (error) {
    throw systemError(error, path, options.kind);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The same, synchronously (the ledger is read and written from synchronous code). */
export function readInputFileSync(path: string, options: InputFileOptions): string {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    throw systemError(error, path, options.kind);
  }
  try {
    const loop = readLoop(checkOpened(fstatSync(fd), path, options), path, options);
    let step = loop.next();
    while (!step.done) step = loop.next(readSync(fd, step.value, 0, step.value.length, null));
    return step.value;
  } catch (error) {
    throw systemError(error, path, options.kind);
  } finally {
    closeSync(fd);
  }
}

/**
 * The deepest nesting of arrays and objects a JSON input may have. The harness's own files nest
 * a few levels (a recorded call's value shape about a dozen); a value nested 100,000 deep parses,
 * then overflows the stack of whatever walks it (a comparison, a zod check) with a RangeError
 * that names no file.
 */
export const JSON_MAX_DEPTH = 256;

/** How deep `text` nests (arrays and objects), counted without parsing; stops counting past `max`. */
export function jsonDepth(text: string, max = JSON_MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Every object of a parsed value, made an object without a prototype, in place: a file's keys
 * are ids from outside (clause ids, field names, persona names), and `value[id]` on an ordinary
 * object answers `constructor`, `toString` or `hasOwnProperty` with Object.prototype's functions.
 * JSON.parse already keeps a `__proto__` key an own property; this keeps a lookup of a key the file
 * lacks `undefined`. A loop, not recursion: the depth is bounded, but the width is not.
 */
function withoutPrototypes(value: unknown): unknown {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null) continue;
    if (!Array.isArray(v)) Object.setPrototypeOf(v, null);
    for (const child of Object.values(v)) if (typeof child === "object" && child !== null) stack.push(child);
  }
  return value;
}

/**
 * The one way the harness parses a JSON text it was given (a file, a configuration, a plan):
 * text that is not JSON, or nests deeper than JSON_MAX_DEPTH, throws `fail("<subject> ...")` (a
 * plain Error by default); every object of the value has no prototype (withoutPrototypes).
 */
export function parseJson(text: string, subject: string, fail: (message: string) => Error = (message) => new Error(message)): unknown {
  const depth = jsonDepth(text);
  if (depth > JSON_MAX_DEPTH) throw fail(`${subject} nests its values more than ${JSON_MAX_DEPTH} levels deep: it is not one the harness wrote`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fail(`${subject} is not JSON: ${(error as Error).message}`);
  }
  return withoutPrototypes(value);
}

/** The parsed JSON of the regular file `path`; not JSON is an InputFileError (code NOT_JSON) naming the file. */
export function parseJsonText(text: string, path: string, kind: string): unknown {
  return parseJson(text, `${kind} file ${path}`, (message) => new InputFileError(message, "NOT_JSON", path));
}

/**
 * The parsed contents of the JSON file `path`, a `kind` file. `fail` makes the caller's own error
 * from the message (OutcomesError, ExpectationsError, ...); without it the InputFileError is thrown.
 */
export async function readJsonFile(path: string, kind: string, fail?: (message: string) => Error, maxBytes?: number): Promise<unknown> {
  try {
    return parseJsonText(await readInputFile(path, { kind, ...(maxBytes !== undefined ? { maxBytes } : {}) }), path, kind);
  } catch (error) {
    if (fail && error instanceof InputFileError) throw fail(error.message);
    throw error;
  }
}
