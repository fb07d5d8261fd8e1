/**
 * The status of one clause on one target in the compatibility matrix: the outcome the run summary
 * counts the clause under (src/report/summary.ts), from the one outcome model (src/outcomes), with
 * the same names and meaning texts the terminal and the JSON summary use.
 */
import { z } from "zod";
import { Outcome, OUTCOMES, OUTCOME_TEXT, type Outcome as OutcomeType } from "../outcomes/statuses.js";

export const COMPAT_STATUSES = OUTCOMES;
export const CompatStatus = Outcome;
export type CompatStatus = OutcomeType;

/** What the page and the terminal print for a status: a word, never colour alone. */
export const STATUS_TEXT: Record<CompatStatus, { short: string; long: string }> = OUTCOME_TEXT;

export const UNSPECIFIED_OUTCOMES = ["as-the-fake-chose", "differs-from-the-fake"] as const;
export const UnspecifiedOutcome = z.enum(UNSPECIFIED_OUTCOMES);
export type UnspecifiedOutcome = z.infer<typeof UnspecifiedOutcome>;

/** The cell status of a summary bucket: the same outcome. */
export function compatStatusOf(bucket: OutcomeType): CompatStatus {
  return bucket;
}
