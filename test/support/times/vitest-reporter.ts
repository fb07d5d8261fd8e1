/**
 * A vitest reporter (both projects of vitest.selftest.config.ts): at the end of the run it writes
 * every file's wall time and test count to reports/test-times.json (./test-times.ts), in place of
 * the previous vitest run's, and prints the slowest files.
 */
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import { PROJECT_ROOT, readTimes, runOf, slowestTable, withRun, writeTimes, type FileTime } from "./test-times.js";

export function fileTimeOf(m: TestModule): FileTime {
  const d = m.diagnostic();
  const wallMs = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  const state = m.state();
  return { runner: "vitest", project: m.project.name || "default", file: relative(PROJECT_ROOT, m.moduleId), wallMs: Math.round(wallMs), tests: [...m.children.allTests()].length, state: state === "pending" || state === "queued" ? "not run" : state };
}

export default class TimesReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    if (modules.length === 0) return;
    const report = withRun(await readTimes(), "vitest", modules.map(fileTimeOf), runOf(performance.now() - this.started));
    await writeTimes(report);
    process.stdout.write(`\n${slowestTable(report)}\n`);
  }
}
