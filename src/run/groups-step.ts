/** The process groups the workers start (their ego-browser launchers) are recorded in the scratch directory, and ended by this process. */
import { join } from "node:path";
import { adoptGroupRecord, describeGroupsEnd, endGroups } from "../processes/groups.js";
import { setUp, type Execution } from "./execution.js";
import type { Step } from "./steps.js";

export const recordWorkerGroups: Step<Execution> = {
  title: "record the workers' process groups",
  setup(run) {
    run.groupRecord = join(setUp(run.scratch, "the scratch directory").dir, "process-groups");
    adoptGroupRecord(run.groupRecord);
  },
  // What the workers started and left running (a launcher that outlived its script, one that
  // hung) is ended once vitest is gone, before the cleanup, and the run says so.
  async teardown() {
    for (const line of describeGroupsEnd(await endGroups({ only: "recorded" }), "the run's vitest workers")) process.stderr.write(`${line}\n`);
  },
};
