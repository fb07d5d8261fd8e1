/**
 * Flaky results in the Allure results directory: clause() labels a pass after an infrastructure
 * retry `outcome=flaky` (src/outcomes/statuses.ts); after the run this writes Allure's own field,
 * `statusDetails.flaky: true`, into those results so the HTML report marks them too, and lists them
 * for `run --fail-on-flaky`. Which results are flaky is the outcome model's call (src/outcomes/of-result.ts).
 */
import { readFile, writeFile } from "node:fs/promises";
import { resultOutcome } from "../outcomes/of-result.js";
import { LABEL } from "../report/labels.js";
import { labelValue, readResults, type TestResult } from "../report/results-reader.js";

export function isFlakyResult(result: TestResult): boolean {
  return resultOutcome(result) === "flaky";
}

/** Marks every flaky result with `statusDetails.flaky: true`; returns the flaky results. */
export async function markFlakyResults(resultsDir: string): Promise<TestResult[]> {
  const flaky = (await readResults(resultsDir)).filter(isFlakyResult);
  for (const result of flaky) {
    const raw = JSON.parse(await readFile(result.file, "utf8")) as { statusDetails?: Record<string, unknown> };
    raw.statusDetails = { ...(raw.statusDetails ?? {}), flaky: true };
    await writeFile(result.file, JSON.stringify(raw));
  }
  return flaky;
}

/** One line per flaky result: the clause and which infrastructure errors were retried. */
export function describeFlaky(flaky: readonly TestResult[]): string {
  return flaky.map((r) => `  ${labelValue(r, LABEL.clause) ?? r.name}: passed after retrying ${labelValue(r, LABEL.infraRetried) ?? "an infrastructure error"}`).join("\n");
}
