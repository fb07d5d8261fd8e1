/**
 * A path derived from input data (a persona, a version, a run id) stays strictly inside its folder:
 * `..`, absolute, empty or NUL names are refused before anything is read or written.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import { namedError } from "../errors/named-error.js";

export class PathEscapeError extends namedError("PathEscapeError", "bad-input") {}

/** `folder/...parts`, checked to stay inside `folder`; `what` says where the name came from. */
export function pathInside(folder: string, parts: string | readonly string[], what: string): string {
  const names = typeof parts === "string" ? [parts] : parts;
  const base = resolve(folder);
  for (const name of names) {
    if (name === "" || name.includes("\0") || isAbsolute(name)) throw escape(name, base, what);
  }
  const abs = resolve(base, ...names);
  const rel = relative(base, abs);
  if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw escape(names.join(sep), base, what);
  return abs;
}

function escape(name: string, base: string, what: string): PathEscapeError {
  return new PathEscapeError(`refusing ${what} ${JSON.stringify(name)}: the path it makes leaves ${base}, the folder it belongs in`);
}
