/**
 * Not-applicable results carry their reason in the message, not only in a label. allure-vitest
 * writes no message for a skipped test, so clause() hands the sentence over in the
 * `status_message` label, and this listener (vitest.conformance.config.ts, `listeners` of the
 * Allure reporter) moves it into `statusDetails.message` before the result file is written.
 */
import type { TestResult } from "allure-js-commons";
import type { LifecycleListener } from "allure-js-commons/sdk/reporter";
import { LABEL } from "../labels/labels.js";

export function moveStatusMessage(result: Pick<TestResult, "labels" | "statusDetails">): void {
  const label = result.labels.find((l) => l.name === LABEL.statusMessage);
  if (label === undefined) return;
  result.labels = result.labels.filter((l) => l.name !== LABEL.statusMessage);
  if (!result.statusDetails?.message) result.statusDetails = { ...result.statusDetails, message: label.value };
}

export const statusMessageListener: LifecycleListener = {
  beforeTestResultWrite: (result) => moveStatusMessage(result),
};
