/** What the steps of a run's execution (./execute.ts) set up, each for the steps after it. */
import type { RunConfig } from "../harness/run-config.js";
import type { RunScratch } from "../scratch/scratch-dir.js";
import type { RunGuard, RunGuardEnd } from "../safety/run-guard.js";
import type { DetectedRun } from "../targets/detect/detect-run.js";
import type { startFakeAppIfNeeded } from "../targets/fake/fake-app-on-demand.js";
import type { Target, TargetInfo } from "../targets/target.js";
import type { RunPlan } from "./plan.js";
import type { ClauseRunner } from "./runner.js";

export interface Execution {
  readonly plan: RunPlan;
  /** a long-lived vitest that runs the phases it accepts in this process (./runner.ts) */
  readonly runner: ClauseRunner | undefined;
  /** the fake app this run started behind an installed fake ego-browser */
  fakeApp?: Awaited<ReturnType<typeof startFakeAppIfNeeded>>;
  scratch?: RunScratch;
  /** detection of the installed target; none for the in-process fake */
  detected?: DetectedRun;
  config?: RunConfig;
  /** the installed target, open for the run guard's cleanup until its step's teardown; the in-process fake's is closed at once */
  installedTarget?: Target;
  /** the target's info: what the results, the environment and the guard name */
  info?: TargetInfo;
  /** the installed CLI never ran a probe: broken results were written, no suite runs */
  unreachable: boolean;
  guard?: RunGuard;
  /** what the guard's end said (the interrupt, the cleanup) */
  ended?: RunGuardEnd;
  /** where the workers record the process groups they start */
  groupRecord?: string;
  /** the run's task spaces may not all be closed */
  spacesLeft: boolean;
}

/** A value an earlier step set up; its absence is a step out of order (a harness error). */
export function setUp<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is used before the step that sets it up`);
  return value;
}
