/**
 * The run guard (src/safety/run-guard.ts) frames the suites: it traps Ctrl-C, and at the end
 * closes the run's task spaces and writes the invariance clause, whatever happened to vitest.
 */
import { CATALOGUE, clauseById, type Clause } from "../contract/index.js";
import { readResults, type TestResult } from "../report/results-reader.js";
import { summarize, summaryPassed } from "../report/summary.js";
import { progressLine } from "../report/progress-reporter.js";
import { INVARIANCE_CLAUSE_ID } from "../safety/invariance.js";
import { RunGuard } from "../safety/run-guard.js";
import { setUp, type Execution } from "./execution.js";
import type { RunPlan } from "./plan.js";
import type { Step } from "./steps.js";

export const startRunGuard: Step<Execution> = {
  title: "start the run guard",
  async setup(run) {
    const { options } = run.plan;
    run.guard = await RunGuard.start({
      ...(run.installedTarget ? { installed: run.installedTarget } : {}),
      info: setUp(run.info, "the target's info"),
      runId: run.plan.runId,
      resultsDir: options.resultsDir,
      invarianceSelected: run.plan.selected(clauseById(INVARIANCE_CLAUSE_ID)),
    });
  },
  async teardown(run) {
    const { guard } = run;
    if (!guard) return;
    const { options } = run.plan;
    const keepOnFailure = options.installed?.keepOnFailure ?? false;
    // a result it cannot write (a full disk) ends the run with that error, after the later teardowns
    run.ended = await guard.end({ runFailed: keepOnFailure ? await failedSoFarIn(run.plan) : false, keepOnFailure });
    const { cleanup } = run.ended;
    // on an installed target, what the cleanup said: closed, or not all (it failed, had problems, or its bound ran out)
    if (run.detected) run.spacesLeft = cleanup === undefined || cleanup.error !== undefined || (cleanup.outcome?.problems.length ?? 0) > 0;
    // the clause the run judges itself, after vitest, gets its progress line too (one count on every surface)
    const outcome = run.ended.invarianceOutcome;
    if (outcome !== undefined) process.stderr.write(`${progressLine(options.progressTarget, 1, 1, new Map([[outcome, 1]]), INVARIANCE_CLAUSE_ID)} done\n`);
  },
};

/**
 * Whether the results so far fail the run: --keep-on-failure keeps the task spaces of a failed
 * run. Read only when that flag asks (without it the answer changes nothing).
 */
async function failedSoFarIn(plan: RunPlan): Promise<boolean> {
  return readResults(plan.options.resultsDir).then((results) => failedSoFar(results, plan.selected), () => true);
}

/**
 * The run so far fails (results that cannot be read count as failing). The safety clause is left
 * out: the guard writes its result after this, so it would be unknown here and fail every run.
 */
export function failedSoFar(results: readonly TestResult[], selected: (clause: Clause) => boolean): boolean {
  return !summaryPassed(summarize(results, CATALOGUE, { selected: (clause) => selected(clause) && clause.id !== INVARIANCE_CLAUSE_ID }));
}
