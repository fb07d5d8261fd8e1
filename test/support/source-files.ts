/** The source files under a folder, recursively, whose names match `names` (absolute paths). */
import { readdirSync } from "node:fs";
import { join } from "node:path";

export function sourceFilesUnder(dir: string, names: RegExp = /\.(ts|mts|mjs|js)$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFilesUnder(join(dir, e.name), names) : names.test(e.name) ? [join(dir, e.name)] : [],
  );
}
