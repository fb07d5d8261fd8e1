/**
 * Which outcome a clause gets when its results disagree: the worst, broken first so a harness error
 * never hides behind anything. A clause with no result at all is unknown: nothing says it held.
 */
import type { Outcome, ResultOutcome } from "./statuses.js";

export const PRECEDENCE: readonly ResultOutcome[] = ["broken", "failed", "precondition-failed", "unknown", "known", "flaky", "passed", "not-applicable"];

/** The worst of some result outcomes; `unknown` for none. */
export function worstOutcome(outcomes: Iterable<ResultOutcome>): ResultOutcome {
  let worst: ResultOutcome | undefined;
  for (const o of outcomes) {
    if (worst === undefined || PRECEDENCE.indexOf(o) < PRECEDENCE.indexOf(worst)) worst = o;
  }
  return worst ?? "unknown";
}

/** The outcome a clause counts under: an unspecified clause that passed is an observation. */
export function clauseOutcome(outcome: ResultOutcome, unspecified: boolean): Outcome {
  return unspecified && outcome === "passed" ? "unspecified" : outcome;
}
