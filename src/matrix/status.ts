/**
 * The status of one clause on one target in the compatibility matrix, and how it comes from the
 * per-clause run summary (src/report/summary.ts).
 *
 * The summary's bucket is the source: it already folds several results of a clause into one
 * (worst first) and counts an unspecified clause that passed as an observation. The matrix only
 * renames `skipped` to `not-applicable` (a skip in a conformance run is always "not applicable to
 * this build or target", with the reason) and keeps every other bucket as it is.
 */
import { z } from "zod";
import type { Bucket } from "../report/summary.js";

export const COMPAT_STATUSES = ["passed", "failed", "broken", "known", "not-applicable", "unspecified", "unknown"] as const;
export const CompatStatus = z.enum(COMPAT_STATUSES);
export type CompatStatus = z.infer<typeof CompatStatus>;

/** What the page and the terminal print for a status: a word, never colour alone. */
export const STATUS_TEXT: Record<CompatStatus, { short: string; long: string }> = {
  passed: { short: "pass", long: "passed: the build honours the clause" },
  failed: { short: "FAIL", long: "failed: a contract violation" },
  broken: { short: "broken", long: "broken: a harness or infrastructure error, or a precondition the build did not provide" },
  known: { short: "known", long: "known: an expected failure with an owner, a reason and an expiry" },
  "not-applicable": { short: "n/a", long: "not applicable to this build or target (the reason is given)" },
  unspecified: { short: "obs", long: "unspecified by the docs: observed and reported, never failed" },
  unknown: { short: "?", long: "unknown: no result at all (never green)" },
};

export const UNSPECIFIED_OUTCOMES = ["as-the-fake-chose", "differs-from-the-fake"] as const;
export const UnspecifiedOutcome = z.enum(UNSPECIFIED_OUTCOMES);
export type UnspecifiedOutcome = z.infer<typeof UnspecifiedOutcome>;

export function compatStatusOf(bucket: Bucket): CompatStatus {
  return bucket === "skipped" ? "not-applicable" : bucket;
}
