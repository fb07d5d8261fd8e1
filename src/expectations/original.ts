/**
 * Results as the suites wrote them, before any expectations were applied, so that applying is
 * repeatable: an earlier unexpected pass is passed again and earlier expectation labels are dropped.
 */
import { LABEL } from "../labels/labels.js";
import { labelValue, type TestResult } from "../report/results-reader.js";

export const UNEXPECTED_PASS_PREFIX = "unexpected pass:";

export function originalResult(result: TestResult): TestResult {
  const verdict = labelValue(result, LABEL.expectation);
  const labels = result.labels.filter((l) => l.name !== LABEL.expectation && l.name !== LABEL.expectationBug);
  if (verdict === "unexpected-pass") {
    const { message: _message, trace: _trace, ...rest } = result;
    return { ...rest, status: "passed", labels };
  }
  return { ...result, labels };
}
