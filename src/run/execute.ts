/**
 * Phase 2, execute: reach the target and run the suites against it, as titled steps whose
 * teardowns run in reverse order whatever stopped the run (./steps.ts).
 */
import type { TargetInfo } from "../targets/target.js";
import { setUp, type Execution } from "./execution.js";
import { startFakeApp } from "./fake-app-step.js";
import { recordWorkerGroups } from "./groups-step.js";
import { startRunGuard } from "./guard-step.js";
import type { RunPlan } from "./plan.js";
import { runPhases } from "./phases-step.js";
import { prepareResults, writeRunEnvironment, writeUnreachableResults } from "./results-steps.js";
import type { ClauseRunner } from "./runner.js";
import { openScratch, sweepStale } from "./scratch-steps.js";
import { runSteps, type Step } from "./steps.js";
import { detectTarget, reachTarget } from "./target-steps.js";

export interface ExecutedRun {
  runId: string;
  ungated: boolean;
  info: TargetInfo;
  /** the signal that stopped the run (Ctrl-C, SIGTERM), null when it ran to the end */
  interrupted: NodeJS.Signals | null;
  /** the installed CLI never ran a probe: the results are the broken clauses written for it, no suite ran */
  unreachable: boolean;
  /** the run's task spaces may not all be closed (the cleanup failed, had problems, or ran out of its bound): sweep closes what is left */
  spacesLeft?: boolean;
}

/**
 * The steps in order; their teardowns run in reverse: the workers' groups are ended, then the
 * guard's cleanup, then the target closed, the scratch directory removed and the fake app stopped.
 */
export const EXECUTE_STEPS: readonly Step<Execution>[] = [
  startFakeApp,
  openScratch,
  detectTarget,
  reachTarget,
  prepareResults,
  writeRunEnvironment,
  writeUnreachableResults,
  startRunGuard,
  sweepStale,
  recordWorkerGroups,
  runPhases,
];

/**
 * `runner`: a long-lived vitest (./runner.ts) that runs the phases it accepts in this process,
 * instead of a vitest child per phase (the matrix's many targets); the rest go as children.
 */
export async function executeRun(plan: RunPlan, runner?: ClauseRunner): Promise<ExecutedRun> {
  const run: Execution = { plan, runner, unreachable: false, spacesLeft: false };
  // an unreachable CLI ends the run early; after Ctrl-C no further step starts (the running one stops its own work)
  await runSteps(EXECUTE_STEPS, run, { stop: (r) => r.unreachable || (r.guard?.interrupted ?? null) !== null });
  const executed = { runId: plan.runId, ungated: setUp(run.config, "the run config").ungated === true, info: setUp(run.info, "the target's info") };
  if (run.unreachable) return { ...executed, interrupted: null, unreachable: true };
  const ended = setUp(run.ended, "the run guard's end");
  return { ...executed, interrupted: ended.interrupted, unreachable: false, ...(run.spacesLeft ? { spacesLeft: true } : {}) };
}
