#!/usr/bin/env node
// The ego-conformance CLI. In a checkout the harness is TypeScript and tsx loads it without a
// build step; an installed package runs the JavaScript `npm pack` compiled (dist/, see
// scripts/build-package.ts), with no TypeScript loader. tsx writes its cache under the temporary
// directory, so that is checked first (exit 2, one line).
import { existsSync } from "node:fs";

const checkout = existsSync(new URL("../src/cli/main.ts", import.meta.url));
// the packed tree has no src/ beside bin/: its compiled modules are under dist/
const cli = new URL(checkout ? "../src/cli/" : "../dist/src/cli/", import.meta.url);
const { tempDirProblem } = await import(new URL("temp-dir-check.mjs", cli).href);
const problem = tempDirProblem();
if (problem !== undefined) {
  process.stderr.write(`ego-conformance: ${problem}\n`);
  process.exit(2);
}
let main;
if (checkout) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../src/cli/main.ts"));
} else {
  ({ main } = await import(new URL("main.js", cli).href));
}
process.exitCode = await main(process.argv.slice(2));
// the command is over: what it left pending (a cleanup cut short by its bound, a socket) may not
// keep the process going; it exits with the command's status within 2 s
setTimeout(() => process.exit(process.exitCode), 2000).unref();
