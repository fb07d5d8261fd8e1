/**
 * Flaky results: writes Allure's own `statusDetails.flaky` into results that passed after an
 * infrastructure retry, so the HTML report marks them too, and lists them for `run --fail-on-flaky`.
 * Which results are flaky is the outcome model's call (src/outcomes/of-result.ts).
 */
import { resultOutcome } from "../outcomes/of-result.js";
import { LABEL } from "../labels/labels.js";
import { labelValue, readResultFiles, reparseResultFile, type ResultFile, type TestResult } from "../report/results-reader.js";
import { writeFileAtomic } from "../files/output-dir.js";

export function isFlakyResult(result: TestResult): boolean {
  return resultOutcome(result) === "flaky";
}

export function flakyMessage(result: Pick<TestResult, "labels">): string {
  return `passed only after retrying an infrastructure error: ${labelValue(result, LABEL.infraRetried) ?? "(not recorded)"}`;
}

/** Marks every flaky result with `statusDetails.flaky: true` and its message; returns the flaky results. */
export async function markFlakyResults(resultsDir: string): Promise<TestResult[]> {
  const { flaky, changed } = markFlakyFiles(await readResultFiles(resultsDir));
  for (const f of changed) await writeFileAtomic(f.result.file, JSON.stringify(f.raw));
  return flaky;
}

/**
 * The same, on results as read (src/run/collect.ts), in memory: each flaky file's raw JSON and
 * typed result are replaced; returns the flaky results (as they were before the mark) and the
 * changed files, which the caller writes back.
 */
export function markFlakyFiles(files: ResultFile[]): { flaky: TestResult[]; changed: ResultFile[] } {
  const changed = files.filter((f) => isFlakyResult(f.result));
  const flaky = changed.map((f) => f.result);
  for (const f of changed) {
    const raw = f.raw as { statusDetails?: Record<string, unknown> };
    raw.statusDetails = { message: flakyMessage(f.result), ...(raw.statusDetails ?? {}), flaky: true };
    f.result = reparseResultFile(f.result, f.raw);
  }
  return { flaky, changed };
}
