/**
 * A conformance run, phase by phase: plan, execute, collect, judge, write. What it returns (its
 * summary, its results) is what the matrix makes a column of.
 */
import type { ExpectationsOutcome } from "../expectations/index.js";
import type { TestResult } from "../report/results-reader.js";
import type { RunSummary } from "../report/summary.js";
import { collectResults, type ResultsCollection } from "./collect.js";
import { executeRun } from "./execute.js";
import { judgeResults } from "./judge.js";
import type { RunOptions } from "./options.js";
import { planRun, type RunPlan } from "./plan.js";
import type { ClauseRunner } from "./runner.js";
import { lockResultsDir } from "../processes/results-lock.js";
import { writeRunOutputs, type WrittenRun } from "./write.js";

export interface RunOutcome {
  summary: RunSummary;
  /** the run's results as judged (what the summary was made from) */
  results: ResultsCollection;
  reportPath?: string;
  /** the transcript written (`record`), when the run recorded */
  transcript?: string;
  /** the signal that stopped the run or its report */
  interrupted?: NodeJS.Signals;
  /** the run's task spaces may not all be closed (its cleanup said why): `sweep --yes` closes what is left */
  spacesLeft?: boolean;
  expectations?: ExpectationsOutcome;
  flaky?: TestResult[];
  expectationUpdate?: WrittenRun["expectationUpdate"];
}

/** `runner`: a long-lived vitest shared by many runs (./runner.ts, the matrix's); without it, vitest is a child of the run. */
export async function runConformance(options: RunOptions, runner?: ClauseRunner): Promise<RunOutcome> {
  const plan = await planRun(options);
  // one results directory belongs to one run: a second run on it is refused;
  // the lock is held from before the target is reached until the outputs are written
  const lock = await lockResultsDir(plan.options.resultsDir, plan.runId);
  try {
    return await runLocked(plan, runner);
  } finally {
    await lock.release();
  }
}

async function runLocked(plan: RunPlan, runner: ClauseRunner | undefined): Promise<RunOutcome> {
  const executed = await executeRun(plan, runner);
  const results = await collectResults(plan.options.resultsDir);
  const judged = judgeResults(results, plan, executed);
  const written = await writeRunOutputs(plan, executed, results, judged);
  const interrupted = executed.interrupted ?? written.interrupted;
  return {
    summary: judged.summary,
    results,
    ...(written.reportPath !== undefined ? { reportPath: written.reportPath } : {}),
    ...(written.transcript !== undefined ? { transcript: written.transcript } : {}),
    ...(interrupted ? { interrupted } : {}),
    ...(executed.spacesLeft ? { spacesLeft: true } : {}),
    ...(judged.expectations ? { expectations: judged.expectations } : {}),
    ...(judged.flaky ? { flaky: judged.flaky } : {}),
    ...(written.expectationUpdate ? { expectationUpdate: written.expectationUpdate } : {}),
  };
}
