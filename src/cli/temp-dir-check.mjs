// Whether the temporary directory can be used, checked before anything else runs. Plain JavaScript
// so bin/ego-conformance.mjs can ask before it loads tsx, which crashes with a stack trace when it
// cannot write its cache there; src/cli/main.ts asks again for the CLI run from compiled JS.
import { mkdtempSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** @returns {string | undefined} what is wrong with the temporary directory, or undefined when a directory can be made in it */
export function tempDirProblem() {
  const dir = tmpdir();
  let made;
  try {
    made = mkdtempSync(join(dir, ".ego-conformance-tmpcheck-"));
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? String(error);
    const source = process.env.TMPDIR ? `TMPDIR=${process.env.TMPDIR}` : dir;
    return `the temporary directory ${source} cannot be used (${code}: it must be an existing directory you can write): set TMPDIR to one`;
  }
  rmdirSync(made); // made just now, empty: ours
  return undefined;
}
