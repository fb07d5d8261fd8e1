/**
 * The run as a library: typed options in, a judged run out, in five phases (plan, execute,
 * collect, judge, write); the CLI's `run` and the matrix both call `runConformance`.
 */
export { runConformance, type RunOutcome } from "./run-conformance.js";
export { ClauseRunner } from "./runner.js";
export { defaultRunOptions, DEFAULT_OUTCOMES_FILE, DEFAULT_REPORT_DIR, DEFAULT_RESULTS_DIR, type InstalledRunOptions, type RunOptions } from "./options.js";
export { selectedBy, selectedFor } from "./select.js";
export { checkRunOutputs, personaFileOrThrow, planRun } from "./plan.js";
export { checkOptions, checkPagesFound, type OptionNames } from "./check-options.js";
export { DEFAULT_INSTALLED_WORKERS, FAKE_WORKERS, fakeWorkersOf, MODEL_FILES_PER_WORKER, PROJECT_ROOT, SERIAL_FILES, serialFilesOf, vitestPhases } from "./vitest-phases.js";
export { collectResults, resultsOf } from "./collect.js";
export { judgeResults } from "./judge.js";
export { RunInputError } from "./errors.js";
