/**
 * Which outcome a clause gets when its results (variants, parameterisations) disagree: the
 * worst, in this order. Broken first (a harness error must never hide behind anything), then a
 * contract violation of the clause itself, then a precondition another clause owns, then no
 * verdict, an expected failure, a pass that needed a retry, a pass, and last not applicable
 * (a clause with one passed and one not-applicable variant passed). A clause with no result at
 * all is unknown: it was meant to run and nothing says it held.
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
