/** The outcome of one Allure result, read from its status, its labels and its flaky flag (see ./statuses.ts). */
import { LABEL } from "../labels/labels.js";
import { OUTCOME_LABEL, type ResultOutcome } from "./statuses.js";

export interface OutcomeEvidence {
  status: "passed" | "failed" | "broken" | "skipped" | "unknown";
  labels: readonly { name: string; value: string }[];
  /** `statusDetails.flaky` of the result file */
  flaky?: boolean;
}

const label = (r: OutcomeEvidence, name: string) => r.labels.find((l) => l.name === name)?.value;

export function resultOutcome(r: OutcomeEvidence): ResultOutcome {
  const failing = r.status === "failed" || r.status === "broken";
  if (failing && label(r, LABEL.expectation) === "known") return "known";
  // skipped: the form Allure is shown (src/report/allure-view.ts), read back the same
  if ((failing || r.status === "skipped") && label(r, LABEL.outcome) === OUTCOME_LABEL.preconditionFailed) return "precondition-failed";
  if (r.status === "passed" && (r.flaky === true || label(r, LABEL.outcome) === OUTCOME_LABEL.flaky)) return "flaky";
  return r.status === "skipped" ? "not-applicable" : r.status;
}
