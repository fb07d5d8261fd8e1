/**
 * The outcomes a clause can end with, in one place: their names (also the JSON keys, in this order),
 * what each means, and which keep a run from passing; every reader uses these. How each is written
 * into Allure results and read back: ./of-result.ts and docs/results.md.
 */
import { z } from "zod";

export const OUTCOMES = ["passed", "failed", "precondition-failed", "broken", "not-applicable", "known", "flaky", "unspecified", "unknown"] as const;
export const Outcome = z.enum(OUTCOMES);
export type Outcome = z.infer<typeof Outcome>;

/** The outcomes one Allure result can have (unspecified is decided per clause, from the catalogue). */
export type ResultOutcome = Exclude<Outcome, "unspecified">;

/** Label values of `outcome` (src/labels/labels.ts LABEL.outcome). */
export const OUTCOME_LABEL = { preconditionFailed: "precondition-failed", flaky: "flaky" } as const;

export interface OutcomeText {
  /** a word for a grid cell: never colour alone */
  short: string;
  /** one sentence: what it means */
  long: string;
  /** the heading of a per-clause list of this outcome */
  title: string;
}

export const OUTCOME_TEXT: Record<Outcome, OutcomeText> = {
  passed: { short: "pass", long: "passed: the build honours the clause", title: "Passed" },
  failed: { short: "FAIL", long: "failed: a contract violation", title: "Failed (contract violations)" },
  "precondition-failed": {
    short: "precond",
    long: "precondition failed: the clause could not run because the build broke a rule another clause owns (named)",
    title: "Precondition failed (the build broke a rule another clause owns; fix that clause first)",
  },
  broken: { short: "broken", long: "broken: a harness or infrastructure error", title: "Broken (harness or infrastructure errors)" },
  "not-applicable": { short: "n/a", long: "not applicable to this build or target (the reason is given)", title: "Not applicable" },
  known: { short: "known", long: "known: an expected failure with an owner, a reason and an expiry", title: "Known (expected failures, each with its bug: they do not fail the run)" },
  flaky: { short: "flaky", long: "flaky: passed only after an infrastructure retry", title: "Flaky (passed only after an infrastructure retry)" },
  unspecified: { short: "obs", long: "unspecified by the docs: observed and reported, never failed", title: "Unspecified (observed)" },
  unknown: { short: "?", long: "unknown: no result at all (never green)", title: "Unknown (no verdict: never green)" },
};

/** Outcomes that keep a run from passing (flaky too under `--fail-on-flaky`). */
export const FAILS_RUN: ReadonlySet<Outcome> = new Set<Outcome>(["failed", "precondition-failed", "broken", "unknown"]);

/** Outcomes of a clause that ran (the gate's `--min-clauses` counts these). */
export const RAN: ReadonlySet<Outcome> = new Set<Outcome>(["passed", "flaky", "failed", "precondition-failed", "broken", "known", "unspecified"]);

/** Outcomes where the clause holds on the build. */
export const HOLDS: ReadonlySet<Outcome> = new Set<Outcome>(["passed", "flaky", "unspecified"]);

/** Outcomes where it does not, for a reason of the build or the harness (known and unknown apart). */
export const FAILING: ReadonlySet<Outcome> = new Set<Outcome>(["failed", "precondition-failed", "broken"]);

export function emptyOutcomeCounts(): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
}
