/**
 * A Playwright reporter (playwright.config.ts): at the end of the browser tests it adds their
 * files' wall times and test counts to reports/test-times.json (./test-times.ts), beside the
 * vitest run's, and prints the slowest files of both: the last thing `npm test` prints.
 */
import { relative } from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { PROJECT_ROOT, readTimes, runOf, slowestTable, withRun, writeTimes, type FileTime } from "./test-times.js";

interface Span { project: string; start: number; end: number; tests: number; failed: boolean; skipped: number }

export default class PlaywrightTimesReporter implements Reporter {
  private started = Date.now();
  private readonly files = new Map<string, Span>();

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = relative(PROJECT_ROOT, test.location.file);
    const project = test.parent.project()?.name || "browser";
    const start = result.startTime.getTime();
    const span = this.files.get(file) ?? { project, start, end: start, tests: 0, failed: false, skipped: 0 };
    span.start = Math.min(span.start, start);
    span.end = Math.max(span.end, start + result.duration);
    span.tests += 1;
    if (result.status === "skipped") span.skipped += 1;
    if (test.outcome() === "unexpected") span.failed = true;
    this.files.set(file, span);
  }

  async onEnd(_result: FullResult): Promise<void> {
    const files: FileTime[] = [...this.files].map(([file, s]) => ({ runner: "playwright", project: s.project, file, wallMs: s.end - s.start, tests: s.tests, state: s.failed ? "failed" : s.skipped === s.tests ? "skipped" : "passed" }));
    const report = withRun(await readTimes(), "playwright", files, runOf(Date.now() - this.started));
    await writeTimes(report);
    process.stdout.write(`\n${slowestTable(report)}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
