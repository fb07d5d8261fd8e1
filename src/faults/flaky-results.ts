/**
 * Flaky results in the Allure results directory: clause() labels a pass after an infrastructure
 * retry `outcome=flaky` (src/outcomes/statuses.ts); after the run this writes Allure's own field,
 * `statusDetails.flaky: true`, into those results so the HTML report marks them too, with a
 * message naming the retried errors (the summary shows it), and lists them for
 * `run --fail-on-flaky`. Which results are flaky is the outcome model's call
 * (src/outcomes/of-result.ts).
 */
import { readFile } from "node:fs/promises";
import { resultOutcome } from "../outcomes/of-result.js";
import { LABEL } from "../report/labels.js";
import { labelValue, readResults, type TestResult } from "../report/results-reader.js";
import { writeFileAtomic } from "../safety/output-dir.js";

export function isFlakyResult(result: TestResult): boolean {
  return resultOutcome(result) === "flaky";
}

export function flakyMessage(result: Pick<TestResult, "labels">): string {
  return `passed only after retrying an infrastructure error: ${labelValue(result, LABEL.infraRetried) ?? "(not recorded)"}`;
}

/** Marks every flaky result with `statusDetails.flaky: true` and its message; returns the flaky results. */
export async function markFlakyResults(resultsDir: string): Promise<TestResult[]> {
  const flaky = (await readResults(resultsDir)).filter(isFlakyResult);
  for (const result of flaky) {
    const raw = JSON.parse(await readFile(result.file, "utf8")) as { statusDetails?: Record<string, unknown> };
    raw.statusDetails = { message: flakyMessage(result), ...(raw.statusDetails ?? {}), flaky: true };
    await writeFileAtomic(result.file, JSON.stringify(raw));
  }
  return flaky;
}
