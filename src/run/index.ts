/**
 * The run as a library: typed options in, a judged run out. The CLI (src/cli/run.ts) and the
 * matrix (src/matrix/run-targets.ts) both call `runConformance`.
 *
 *   options.ts        RunOptions, the typed request (and the defaults of a run given no flags)
 *   select.ts         which clauses a run covers
 *   plan.ts           phase 1: options -> RunPlan (and the run id); output paths, infrastructure-fault plan, expectations checked first
 *   vitest-phases.ts  the vitest invocations of a plan
 *   execute.ts        phase 2: fake app, detection, target, environment, run guard, vitest
 *   runner.ts         one vitest in this process for many runs (the matrix's targets), each with its own environment
 *   conformance-reporters.ts  a run's vitest reporters, from its environment
 *   collect.ts        phase 3: the results directory, read once (results, diagnostics, observations, environment)
 *   judge.ts          phase 4: attribution, expectations, flaky results, the summary (in memory)
 *   write.ts          phase 5: judged results, outcomes, expectations update, HTML report, transcript (from memory)
 *   errors.ts         RunInputError: the library's own
 * The results go one way: written by vitest and the run guard, read once, judged in memory,
 * written once; the RunOutcome (its summary, its results) is what the matrix makes a column of.
 */
export { runConformance, type RunOutcome } from "./run-conformance.js";
export { ClauseRunner } from "./runner.js";
export { defaultRunOptions, DEFAULT_OUTCOMES_FILE, DEFAULT_REPORT_DIR, DEFAULT_RESULTS_DIR, type FakePages, type InstalledRunOptions, type RunOptions } from "./options.js";
export { selectedBy, selectedFor } from "./select.js";
export { checkRunOutputs, personaFileOrThrow, planRun, type RunPlan } from "./plan.js";
export { checkOptions, checkPagesFound, OPTION_NAMES, type OptionNames } from "./check-options.js";
export { DEFAULT_INSTALLED_WORKERS, FAKE_WORKERS, SERIAL_FILES, serialFilesOf, vitestPhases, type VitestPhase } from "./vitest-phases.js";
export { collectResults, resultsOf, type ResultsCollection } from "./collect.js";
export { judgeResults, type JudgedRun } from "./judge.js";
export { RunInputError } from "./errors.js";
