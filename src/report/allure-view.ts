/**
 * What Allure is shown of a result file: the files keep the harness's own outcomes, and the HTML
 * report is made from a view in Allure's terms (a precondition failure or an unspecified
 * observation is skipped, a reason is a description; docs/results.md). Pure.
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
