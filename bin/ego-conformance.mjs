#!/usr/bin/env node
// The ego-conformance CLI. The harness is TypeScript; tsx loads it without a build step. tsx
// writes its cache under the temporary directory, so that is checked first (exit 2, one line).
import { tempDirProblem } from "../src/cli/temp-dir-check.mjs";

const problem = tempDirProblem();
if (problem !== undefined) {
  process.stderr.write(`ego-conformance: ${problem}\n`);
  process.exit(2);
}
const { register } = await import("tsx/esm/api");
register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
