/**
 * One table of changes between two runs (or two compat columns): how each clause's outcome moved,
 * and which moves block the gate (BLOCKING); the compat page groups its diff by the same changes.
 * A failure the baseline already had is not new, and a clause that stops running blocks (docs/results.md).
 */
import changeText from "./change-text.json" with { type: "json" };
import { HOLDS, type Outcome } from "./statuses.js";

export const CHANGES = [
  "regressed",
  "new-failure",
  "precondition-failed",
  "newly-not-applicable",
  "missing",
  "unknown",
  "newly-known",
  "newly-flaky",
  "fixed",
  "newly-applicable",
  "added",
  "other",
  "unchanged",
] as const;
export type Change = (typeof CHANGES)[number];

/** Changes that make the gate's verdict "do not ship". */
export const BLOCKING: ReadonlySet<Change> = new Set<Change>(["regressed", "new-failure", "precondition-failed", "newly-not-applicable", "missing", "unknown"]);

/**
 * What each change is called (the gate's summary, the compat page's diff view) and the reason the
 * gate gives for it: the data in ./change-text.json. The type holds that every change has its
 * text; test/gate/classify.test.ts that the file names no other and keeps CHANGES' order.
 */
export const CHANGE_TEXT: Record<Change, { title: string; reason: string }> = changeText;

/** How one clause's outcome changed from one run to another (undefined: the run did not hold the clause). */
export function outcomeChange(from: Outcome | undefined, to: Outcome | undefined): Change {
  if (to === undefined) return from === undefined ? "unchanged" : "missing";
  if (to === "unknown") return "unknown";
  if (to === "precondition-failed") return "precondition-failed";
  if (from === to) return "unchanged";
  if (to === "failed" || to === "broken") {
    if (from !== undefined && HOLDS.has(from)) return "regressed";
    return from === "failed" || from === "broken" ? "other" : "new-failure";
  }
  if (to === "known") return "newly-known";
  if (to === "not-applicable") return from === undefined ? "added" : "newly-not-applicable";
  // to holds: passed, flaky or unspecified
  if (from === undefined) return "added";
  if (from === "not-applicable") return "newly-applicable";
  if (HOLDS.has(from)) return to === "flaky" ? "newly-flaky" : from === "flaky" ? "other" : "unchanged"; // passed <-> unspecified: a catalogue edit, no news
  return "fixed";
}
