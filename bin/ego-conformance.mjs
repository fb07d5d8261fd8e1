#!/usr/bin/env node
// The ego-conformance CLI. The harness is TypeScript; tsx loads it without a build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
// the command is over: what it left pending (a cleanup cut short by its bound, a socket) may not
// keep the process going; it exits with the command's status within 2 s
setTimeout(() => process.exit(process.exitCode), 2000).unref();
