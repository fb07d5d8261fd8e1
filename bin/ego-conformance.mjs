#!/usr/bin/env node
// The ego-conformance CLI. In a checkout the harness is TypeScript: it runs as one cached esbuild
// bundle (src/processes/checkout-bundle.mjs), or through tsx when that cannot be built; an
// installed package runs the JavaScript `npm pack` compiled (dist/, see scripts/build-package.ts),
// with no TypeScript loader. tsx writes its cache under the temporary
// directory, so that is checked first (exit 2, one line).
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

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
  // one cached esbuild bundle of the CLI (src/processes/checkout-bundle.mjs); tsx when it cannot be had
  const { checkoutBundle } = await import("../src/processes/checkout-bundle.mjs");
  const bundle = await checkoutBundle("src/cli/main.ts");
  if (bundle !== undefined) ({ main } = await import(pathToFileURL(bundle).href));
  else {
    const { register } = await import("tsx/esm/api");
    register();
    ({ main } = await import("../src/cli/main.ts"));
  }
} else {
  ({ main } = await import(new URL("main.js", cli).href));
}
process.exitCode = await main(process.argv.slice(2));
// the command is over: what it left pending (a cleanup cut short by its bound, a socket) may not
// keep the process going; it exits with the command's status within 2 s
setTimeout(() => process.exit(process.exitCode), 2000).unref();
