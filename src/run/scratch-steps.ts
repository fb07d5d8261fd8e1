/**
 * The temporary directories of a run (src/scratch/scratch-dir.ts): what its workers make goes in
 * its scratch directory, removed at the end; what earlier runs killed with SIGKILL left is swept.
 */
import { openRunScratch, sweepStaleTemp } from "../scratch/scratch-dir.js";
import type { Execution } from "./execution.js";
import type { Step } from "./steps.js";

export const openScratch: Step<Execution> = {
  title: "open the scratch directory",
  async setup(run) {
    run.scratch = await openRunScratch();
  },
  // after vitest has exited and the workers' groups are ended: nothing writes there any more
  async teardown(run) {
    await run.scratch?.remove();
  },
};

export const sweepStale: Step<Execution> = {
  title: "sweep what killed runs left in the temporary directory",
  async setup() {
    // their marker names an owner that is gone
    const stale = await sweepStaleTemp();
    if (stale.length) process.stderr.write(`ego-conformance: removed ${stale.length} temporary director(ies) of harness processes that are gone: ${stale.join(", ")}\n`);
  },
};
