/**
 * What Allure is shown of a result file: the files keep the harness's own form (src/outcomes/statuses.ts),
 * and the HTML report is made from a view of them in which
 *
 * - a precondition failure has Allure's status `skipped`, not `broken`: the clause did not run its
 *   assertions because another clause's rule was broken, as a failed assumption aborts a JUnit
 *   test (reported as skipped). Allure's `broken` is for harness errors only. Its category
 *   ("Precondition failed", matched by the `outcome` label) and its message (naming the owner) stay;
 * - a not-applicable result's reason is its description, not its message: Allure shows a message
 *   under the heading "Error", and a reason is no error;
 * - an unspecified clause's observation (conformance `unspecified`: no documented core, only the
 *   open detail observed, label `unspecified_outcome`) has status `skipped` and says so in its
 *   description: nothing was judged, so it is no pass, and the report's ring does not count it as
 *   one. Its category ("Unspecified (observed)") stays. A clause whose documented core was judged
 *   (conformance `core`) passed that judgement and stays passed.
 *
 * Pure: src/report/allure-report.ts writes the view into a staging directory for `allure generate`.
 */
import { resultOutcome, type OutcomeEvidence } from "../outcomes/of-result.js";
import { LABEL } from "../labels/labels.js";

interface RawResult {
  status?: OutcomeEvidence["status"];
  statusDetails?: { message?: string; trace?: string; flaky?: boolean };
  labels?: { name: string; value: string }[];
  description?: string;
}

/** The Allure view of one parsed result file (a new object; `raw` is left as it is). */
export function allureView<T extends RawResult>(raw: T): T {
  const outcome = resultOutcome({ status: raw.status ?? "unknown", labels: raw.labels ?? [], ...(raw.statusDetails?.flaky === true ? { flaky: true } : {}) });
  if (outcome === "precondition-failed") return { ...raw, status: "skipped" };
  const label = (name: string) => raw.labels?.find((l) => l.name === name)?.value;
  if (outcome === "passed" && label(LABEL.conformance) === "unspecified" && label(LABEL.unspecifiedOutcome) !== undefined) {
    const note = `**Unspecified (observed)**: the docs leave this behaviour open; it was observed (${label(LABEL.unspecifiedOutcome)}) and reported, not judged: no pass, no failure.`;
    return { ...raw, status: "skipped", description: raw.description ? `${note}\n\n${raw.description}` : note };
  }
  if (outcome === "not-applicable") {
    const { message, trace: _trace, ...details } = raw.statusDetails ?? {};
    if (message === undefined || message.trim() === "") return raw;
    const reason = `**Not applicable**: ${message.replace(/^not applicable:\s*/, "")}`;
    return { ...raw, statusDetails: details, description: raw.description ? `${reason}\n\n${raw.description}` : reason };
  }
  return raw;
}
