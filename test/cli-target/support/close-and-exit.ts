// Run by exit-after-close.test.ts: a process that uses a shared CLI target, closes it and ends.
// It prints the loop process's pid and the time it was done.
import { createCliTarget } from "../../../src/targets/cli/cli-target.js";

const cliPath = process.argv[2]!;
const target = createCliTarget({
  cliPath,
  info: { kind: "installed", name: "exit test", egoVersion: null, egoVersionText: null, versionSource: "test", features: new Set(), capabilities: new Set() },
});
const session = await target.openSession();
const pid = await session.evaluate(async () => process.pid);
await session.close();
await target.close();
process.stdout.write(`${JSON.stringify({ pid, doneAt: Date.now() })}\n`);
