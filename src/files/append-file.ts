/**
 * Appending one record to a regular file the harness keeps (the run ledger): one O_APPEND write per
 * record so concurrent writers never interleave, never through a symbolic link, never blocking on a
 * FIFO, and anything but a regular file refused with its path named.
 */
import { closeSync, constants, fstatSync, openSync, writeSync } from "node:fs";
import { InputFileError } from "./input-file.js";
import { describeWriteError } from "./owned-files.js";

const APPEND_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** Appends `text` to the regular file `path` (made 0600 when missing) in one write. */
export function appendToRegularFile(path: string, text: string, kind: string): void {
  let fd: number;
  try {
    fd = openSync(path, APPEND_FLAGS, 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    // ENXIO: a FIFO that nobody reads (O_NONBLOCK|O_WRONLY)
    const why = code === "ENXIO" ? `${code} (it is a FIFO or a device, not a regular file)` : describeWriteError("write", path, error).message.slice(`cannot write ${path}: `.length);
    throw new InputFileError(`cannot write ${kind} file ${path}: ${why}`, code === "ENXIO" || code === "ELOOP" ? "NOT_REGULAR" : code, path);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new InputFileError(`cannot write ${kind} file ${path}: it is not a regular file; the harness writes only regular files`, "NOT_REGULAR", path);
    const bytes = Buffer.from(text, "utf8");
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
  } catch (error) {
    if (error instanceof InputFileError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? "EIO";
    throw new InputFileError(`cannot write ${kind} file ${path}: ${code}`, code, path);
  } finally {
    closeSync(fd);
  }
}
