/**
 * Not-applicable results carry their reason in the message: allure-vitest writes no message for a
 * skipped test, so this Allure reporter listener moves clause()'s `status_message` label into
 * `statusDetails.message` before the file is written.
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
