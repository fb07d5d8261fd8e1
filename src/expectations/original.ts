/**
 * Results as the suites wrote them, before any expectations were applied: applying is repeatable
 * (a second run of `applyExpectations`, perhaps with another file, starts from the same ground).
 * A result an earlier application turned from passed into failed ("unexpected pass") is passed
 * again here; earlier expectation labels are dropped.
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
