/**
 * The suites, phase by phase (./vitest-phases.ts): each phase in a vitest child of its own, or in
 * the long-lived runner (./runner.ts) when it accepts it; output on stderr, so --json keeps stdout.
 */
import { RESULTS_DIR_ENV, runConfigEnv } from "../harness/run-config.js";
import { readResults } from "../report/results-reader.js";
import { EARLIER_BROKEN_ENV, earlierBrokenEnv, PROGRESS_TARGET_ENV } from "../report/progress-reporter.js";
import { observedBroken } from "../outcomes/attribution.js";
import { readResultsWriteFailure } from "../report/results-write-failure.js";
import { defaultLedgerPath, LEDGER_ENV } from "../safety/ledger.js";
import { OutputPathError } from "../files/output-dir.js";
import { CLI_PID_ENV } from "../processes/parent-watchdog.js";
import type { RunGuard } from "../safety/run-guard.js";
import { GROUPS_ENV, startGroup } from "../processes/groups.js";
import { attributionInputOf } from "./attribute-results.js";
import { setUp, type Execution } from "./execution.js";
import type { RunPlan } from "./plan.js";
import type { ClauseRunner } from "./runner.js";
import type { Step } from "./steps.js";
import { PROJECT_ROOT, vitestArgv, type VitestPhase } from "./vitest-phases.js";
import { PROGRESS_ENV } from "./conformance-reporters.js";

export const runPhases: Step<Execution> = {
  title: "run the suites",
  async setup(run) {
    const { plan, runner } = run;
    const { options } = plan;
    const guard = setUp(run.guard, "the run guard");
    const config = setUp(run.config, "the run config");
    const scratch = setUp(run.scratch, "the scratch directory");
    const groupRecord = setUp(run.groupRecord, "the process-group record");
    for (const [index, phase] of plan.phases.entries()) {
      if (guard.interrupted !== null) break;
      // a later phase's progress line attributes with the earlier phases' failures, as the judge does
      const earlier = index === 0 ? undefined : await earlierFailures(options.resultsDir);
      // the workers record the spaces they make in the same run ledger as this process
      const env = { ...runConfigEnv(config), [RESULTS_DIR_ENV]: options.resultsDir, [PROGRESS_ENV]: "1", [PROGRESS_TARGET_ENV]: options.progressTarget ?? "", [LEDGER_ENV]: defaultLedgerPath(), [CLI_PID_ENV]: String(process.pid), [GROUPS_ENV]: groupRecord, ...(earlier !== undefined ? { [EARLIER_BROKEN_ENV]: earlier } : {}), ...scratch.env };
      if (runner?.accepts(phase) && (await runner.ready())) await runPhaseIn(runner, phase, options, env, guard);
      else await runPhaseAsChild(phase, options, env, guard);
      // a write into --results that failed while vitest ran (a disk that filled): the run has no verdict
      const writeFailure = await readResultsWriteFailure(scratch.dir);
      if (writeFailure !== undefined) throw new OutputPathError(`the run's results in ${options.resultsDir} are incomplete, so the run has no verdict: ${writeFailure}`);
    }
  },
};

/** One phase in a vitest child of its own, its output on stderr; it ends with the run (Ctrl-C). */
async function runPhaseAsChild(phase: VitestPhase, options: RunPlan["options"], env: Record<string, string>, guard: RunGuard): Promise<void> {
  const vitest = startGroup(process.execPath, vitestArgv(phase, options), { cwd: PROJECT_ROOT, env, stdin: "ignore", stdout: 2, stderr: 2, reject: false });
  guard.onInterrupt(() => vitest.kill("SIGTERM"));
  const child = await vitest.catch((error: unknown) => error as { exitCode?: number; message: string });
  if (child.exitCode === undefined && guard.interrupted === null) throw new Error(`vitest could not be started: ${child.message}`);
}

/** One phase in the long-lived runner, with the environment a child would get; Ctrl-C cancels it. */
async function runPhaseIn(runner: ClauseRunner, phase: VitestPhase, options: RunPlan["options"], env: Record<string, string>, guard: RunGuard): Promise<void> {
  guard.onInterrupt((signal) => void runner.cancel(signal));
  await runner.runPhase(phase, options, env);
}

/** The clauses the run's results so far show failed, for a later phase's progress line (unreadable results: none). */
async function earlierFailures(resultsDir: string): Promise<string> {
  const results = await readResults(resultsDir).catch(() => []);
  return earlierBrokenEnv(observedBroken(results.flatMap((r) => attributionInputOf(r) ?? [])));
}
