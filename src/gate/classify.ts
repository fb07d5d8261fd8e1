/**
 * Comparing two runs clause by clause (pure). Each clause's outcome in the baseline and in the
 * current run is reduced to a class:
 *   green  passed, or unspecified (observed, never failed)
 *   red    failed or broken
 *   known  an expected failure (an expectation with an owner and a bug covers it)
 *   na     skipped: not applicable to the build or target
 *   unknown  selected but without a result
 *   absent   not in that run at all
 * and the pair gives the change (rows of the table below; * = blocks shipping):
 *
 *   baseline \ current   green      red          known           na                 unknown   absent
 *   green                unchanged  regressed*   newly-known     newly-na*          unknown*  missing*
 *   red                  fixed      unchanged    newly-known     newly-na*          unknown*  missing*
 *   known                fixed      new-failure* unchanged       newly-na*          unknown*  missing*
 *   na                   newly-applicable  new-failure*  newly-known  unchanged    unknown*  missing*
 *   unknown              fixed      new-failure* newly-known     newly-na*          unknown*  missing*
 *   absent               added      new-failure* newly-known     added              unknown*  (none)
 *
 * A failure present in the baseline and still there is `unchanged`: the baseline accepted it
 * (gate a release against the build it replaces, not against perfection). A known failure that
 * is no longer covered is a new failure. A clause that ran and stops running (newly not
 * applicable, missing) blocks: a build that silently ran less is not a pass. Unknown never ships.
 */
import type { OutcomeStatus } from "./outcomes.js";

export type OutcomeClass = "green" | "red" | "known" | "na" | "unknown" | "absent";

export const CHANGES = [
  "regressed",
  "new-failure",
  "newly-not-applicable",
  "missing",
  "unknown",
  "newly-known",
  "fixed",
  "newly-applicable",
  "added",
  "unchanged",
] as const;
export type Change = (typeof CHANGES)[number];

/** Changes that make the verdict "do not ship". */
export const BLOCKING: ReadonlySet<Change> = new Set<Change>(["regressed", "new-failure", "newly-not-applicable", "missing", "unknown"]);

export function outcomeClass(status: OutcomeStatus | undefined): OutcomeClass {
  switch (status) {
    case undefined:
      return "absent";
    case "passed":
    case "unspecified":
      return "green";
    case "failed":
    case "broken":
      return "red";
    case "known":
      return "known";
    case "skipped":
      return "na";
    case "unknown":
      return "unknown";
  }
}

export function classifyChange(baseline: OutcomeStatus | undefined, current: OutcomeStatus | undefined): Change {
  const b = outcomeClass(baseline);
  const c = outcomeClass(current);
  if (c === "unknown") return "unknown";
  if (c === "absent") return b === "absent" ? "unchanged" : "missing";
  if (b === c) return "unchanged";
  switch (c) {
    case "green":
      return b === "absent" ? "added" : b === "na" ? "newly-applicable" : "fixed";
    case "red":
      return b === "green" ? "regressed" : "new-failure";
    case "known":
      return "newly-known";
    case "na":
      return b === "absent" ? "added" : "newly-not-applicable";
  }
}
