/**
 * A conformance run's vitest reporters (the Allure results writer, the progress line), made from a
 * run's environment so that each target of a long-lived runner writes only into its own results.
 */
import type { Reporter } from "vitest/node";
import AllureResultsReporter from "../report/allure-results-reporter.js";
import { PROGRESS_TARGET_ENV, ProgressReporter, readEarlierBroken } from "../report/progress-reporter.js";
import { statusMessageListener } from "../harness/status-message.js";
import { RESULTS_DIR_ENV } from "../harness/run-config.js";

/** set by the CLI: the progress display replaces vitest's default reporter */
export const PROGRESS_ENV = "EGO_CONFORMANCE_PROGRESS";

// the listener moves a not-applicable skip's reason into the result's message (src/harness/status-message.ts);
// the reporter is allure-vitest's, writing without an fsync per file (src/report/allure-results-reporter.ts)
export function allureResultsReporter(env: NodeJS.ProcessEnv): AllureResultsReporter {
  return new AllureResultsReporter({ resultsDir: env[RESULTS_DIR_ENV] ?? "reports/allure-results", reportMatchers: false, listeners: [statusMessageListener] }, env);
}

export function progressReporter(env: NodeJS.ProcessEnv): ProgressReporter {
  return new ProgressReporter(process.stderr, { target: env[PROGRESS_TARGET_ENV], earlierBroken: readEarlierBroken(env) });
}

/** What the config gives vitest: with the progress display, Allure and progress; without, vitest's default and Allure. */
export function conformanceReporters(env: NodeJS.ProcessEnv): (Reporter | "default")[] {
  return env[PROGRESS_ENV] ? [allureResultsReporter(env), progressReporter(env)] : ["default", allureResultsReporter(env)];
}
