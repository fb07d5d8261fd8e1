#!/usr/bin/env node
// The ego-conformance CLI. In a checkout the harness is TypeScript and tsx loads it without a
// build step; an installed package runs the JavaScript `npm pack` compiled (dist/, see
// scripts/build-package.ts), with no TypeScript loader.
import { existsSync } from "node:fs";

let main;
if (existsSync(new URL("../src/cli/main.ts", import.meta.url))) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import("../src/cli/main.ts"));
} else {
  // the packed tree (no src/ beside bin/): the compiled CLI
  const compiled = new URL("../dist/src/cli/main.js", import.meta.url);
  ({ main } = await import(compiled.href));
}
process.exitCode = await main(process.argv.slice(2));
// the command is over: what it left pending (a cleanup cut short by its bound, a socket) may not
// keep the process going; it exits with the command's status within 2 s
setTimeout(() => process.exit(process.exitCode), 2000).unref();
