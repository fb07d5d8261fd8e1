/**
 * The reporters of a conformance run's vitest, made from the run's environment: the Allure
 * results writer into the run's results directory, and with the CLI's progress display, the
 * one-line progress on stderr. The config file (vitest.conformance.config.ts) makes them once
 * from its process's environment; the long-lived runner (./runner.ts) makes them again for
 * each target from that target's environment, so no target writes into another's results.
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
