/**
 * A one-line progress display for conformance runs, on stderr so `--json` keeps stdout clean.
 * On a terminal the line is redrawn in place; elsewhere a line is printed every 25 results.
 */
import type { Reporter, TestCase, TestModule } from "vitest/node";

export class ProgressReporter implements Reporter {
  private total = 0;
  private done = 0;
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };
  private readonly errors: string[] = [];

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  onTestModuleCollected(module: TestModule): void {
    for (const _ of module.children.allTests()) this.total += 1;
  }

  onTestCaseResult(test: TestCase): void {
    this.done += 1;
    const state = test.result().state;
    if (state === "passed") this.counts.passed += 1;
    else if (state === "failed") this.counts.failed += 1;
    else this.counts.skipped += 1;
    if (this.stream.isTTY) this.stream.write(`\r${this.line()}\u001b[K`);
    else if (this.done % 25 === 0) this.stream.write(`${this.line()}\n`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandled) this.errors.push(error.message ?? String(error));
    this.stream.write(`${this.stream.isTTY ? "\r" : ""}${this.line()} done${this.stream.isTTY ? "\u001b[K" : ""}\n`);
    for (const error of this.errors) this.stream.write(`harness error outside any clause: ${error}\n`);
  }

  private line(): string {
    const { passed, failed, skipped } = this.counts;
    return `conformance [${this.done}/${Math.max(this.total, this.done)}] passed ${passed}, failed ${failed}, skipped ${skipped}`;
  }
}
