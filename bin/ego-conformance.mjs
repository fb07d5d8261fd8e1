#!/usr/bin/env node
// The ego-conformance CLI. The harness is TypeScript; tsx loads it without a build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
