#!/usr/bin/env node
// The ego-conformance CLI. In a checkout the harness is TypeScript and tsx loads it without a
// build step; an installed package runs the JavaScript `npm pack` compiled (dist/, see
// scripts/build-package.ts), with no TypeScript loader.
import { existsSync } from "node:fs";

const source = new URL("../src/cli/main.ts", import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import(new URL("../dist/src/cli/main.js", import.meta.url).href));
}
process.exitCode = await main(process.argv.slice(2));
