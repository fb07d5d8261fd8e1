/**
 * One run, printed: the library's run (src/run) with the in-process fake's clause files in a vitest
 * of this process, its verdict on stdout, and the exit status it maps to.
 */
import { colorWanted, renderJson, renderTerminal } from "../report/terminal.js";
import { summaryPassed } from "../report/summary.js";
import { exitStatusFor } from "../processes/interrupts.js";
import { renderUpdates } from "../expectations/index.js";
import { ClauseRunner, fakeWorkersOf, runConformance, type RunOptions } from "../run/index.js";

export interface PrintedRun {
  /** the exit status the run maps to */
  status: number;
  /** the signal that stopped the run */
  interrupted?: NodeJS.Signals;
}

/**
 * The runner for a run's in-process fake (src/run/runner.ts): no second node process and vitest CLI
 * to start. It starts with the run's phase, so a run refused before then pays nothing for it; if it
 * cannot start, the phase goes as a vitest child. An installed run has none: its vitest is a child.
 * `keepWorkers`: its worker threads and their loaded modules serve the next run too (`run --watch`).
 */
export function fakeRunner(options: RunOptions, { keepWorkers }: { keepWorkers: boolean }): ClauseRunner | undefined {
  if (options.installed) return undefined;
  return ClauseRunner.lazy({
    maxWorkers: fakeWorkersOf(options),
    keepWorkers,
    onStartFailure: (error) => process.stderr.write(`ego-conformance: one vitest in this process could not start (${error instanceof Error ? error.message : String(error)}): the run starts vitest as a child\n`),
  });
}

/** Runs `options` in `runner` (none: vitest as a child), prints the verdict; `jsonLine` prints the JSON summary on one line (a watch's runs, one line each). */
export async function runAndPrint(options: RunOptions, runner: ClauseRunner | undefined, { jsonLine = false }: { jsonLine?: boolean } = {}): Promise<PrintedRun> {
  const { summary, reportPath, interrupted, spacesLeft, expectationUpdate, flaky = [], transcript } = await runConformance(options, runner);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...renderJson(summary), ...(reportPath ? { report: reportPath } : {}) }, null, jsonLine ? undefined : 2)}\n`);
  else process.stdout.write(`${renderTerminal(summary, { ...(reportPath ? { reportPath } : {}), color: colorWanted(process.stdout) })}\n`);
  if (transcript && !options.json) process.stdout.write(`transcript: ${transcript}\n`);
  if (expectationUpdate) (options.json ? process.stderr : process.stdout).write(renderUpdates(expectationUpdate.update, expectationUpdate.file, expectationUpdate.written));
  if (flaky.length && options.failOnFlaky) {
    process.stderr.write(`ego-conformance: --fail-on-flaky: ${flaky.length} flaky result${flaky.length === 1 ? "" : "s"} (passed only after an infrastructure retry) fail${flaky.length === 1 ? "s" : ""} the run\n`);
  }
  if (interrupted) {
    // one true thing about the spaces: closed, or not all, as the cleanup's own lines above say
    const spaces = spacesLeft ? "closing its task spaces did not finish ('ego-conformance sweep --yes' closes what is left)" : "its task spaces were closed";
    process.stderr.write(`ego-conformance: the run was interrupted (${interrupted}); ${spaces}; no new report was written (an earlier one is kept)\n`);
    return { status: exitStatusFor(interrupted), interrupted };
  }
  if (options.failOnFlaky && flaky.length) return { status: 1 };
  return { status: summaryPassed(summary) ? 0 : 1 };
}
