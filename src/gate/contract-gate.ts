/**
 * The gate without a baseline (pure): the run judged against the catalogue itself, as a first
 * release is gated; a clause this harness could not judge never blocks, one the build lost blocks
 * (docs/results.md, "The release gate").
 */
import { CATALOGUE } from "../contract/catalogue.js";
import { featuresForVersion, NEWEST_BUILD } from "../contract/build-features.js";
import { notJudgedHere } from "../outcomes/not-applicable.js";
import type { Outcome } from "../outcomes/statuses.js";
import { tryParseEgoVersion } from "../version/index.js";
import { decide, type GateDecision, type GateOptions, type GateRow } from "./compare.js";
import type { ClauseOutcome, RunOutcomes } from "./outcomes-file.js";

/** What the contract holds: its clauses, and the features a version has. */
export interface Contract {
  clauses: readonly string[];
  featuresOf(egoVersion: string | null): ReadonlySet<string>;
}

/** The catalogue, and the build-feature table (a version that cannot be read is judged as the newest build, as a run judges it). */
export const CATALOGUE_CONTRACT: Contract = {
  clauses: CATALOGUE.map((c) => c.id),
  featuresOf: (egoVersion) => (tryParseEgoVersion(egoVersion) === null ? NEWEST_BUILD.features : featuresForVersion(egoVersion!).features),
};

/** Why a clause blocks, after "N clause(s) ", per outcome that fails a run. */
const FAILING_WHY: Partial<Record<Outcome, string>> = {
  failed: "failed (contract violations)",
  broken: "broke (harness or infrastructure errors: judge again)",
  "precondition-failed": "could not run: the build broke a rule another clause owns (precondition failed)",
  unknown: "have no result (unknown is never green)",
};

interface Blocking {
  why: string;
  /** not applicable for a feature the build's version has: coverage lost */
  lost: boolean;
}

function blockingOf(outcome: ClauseOutcome | undefined, versionFeatures: ReadonlySet<string>, egoVersion: string | null): Blocking | undefined {
  const why = whyBlocking(outcome, versionFeatures, egoVersion);
  return why === undefined ? undefined : { why, lost: outcome?.status === "not-applicable" && outcome.notApplicable !== undefined };
}

function whyBlocking(outcome: ClauseOutcome | undefined, versionFeatures: ReadonlySet<string>, egoVersion: string | null): string | undefined {
  if (outcome === undefined) return "are in the contract and not in this run (run every clause: no --area, --grep or --clause)";
  const failing = FAILING_WHY[outcome.status];
  if (failing !== undefined) return failing;
  if (outcome.status !== "not-applicable" || notJudgedHere(outcome.notApplicable)) return undefined;
  const key = outcome.notApplicable;
  if (key === undefined) return "are not applicable for a reason the outcomes do not record (run again: a run records it)";
  if (key.startsWith("feature:") && versionFeatures.has(key.slice("feature:".length))) {
    return `are not applicable because the build lacks '${key.slice("feature:".length)}', which Ego Lite ${egoVersion ?? NEWEST_BUILD.version} has (coverage lost)`;
  }
  return undefined;
}

export function judgeContract(current: RunOutcomes, options: GateOptions = {}, contract: Contract = CATALOGUE_CONTRACT): GateDecision {
  const versionFeatures = contract.featuresOf(current.egoVersion);
  const ids = [...new Set([...contract.clauses, ...Object.keys(current.clauses)])].sort();
  let lost = 0;
  const rows: GateRow[] = ids.map((clause) => {
    const c = Object.hasOwn(current.clauses, clause) ? current.clauses[clause] : undefined;
    const blocking = blockingOf(c, versionFeatures, current.egoVersion);
    if (blocking?.lost) lost += 1;
    const notJudged = c?.status === "not-applicable" && notJudgedHere(c.notApplicable);
    return { clause, change: null, blocking: blocking !== undefined, ...(c ? { current: c } : {}), ...(notJudged ? { notJudgedHere: true as const } : {}), ...(blocking ? { why: blocking.why } : {}) };
  });
  const byWhy = new Map<string, number>();
  for (const r of rows) if (r.why !== undefined) byWhy.set(r.why, (byWhy.get(r.why) ?? 0) + 1);
  const reasons = [...byWhy].map(([why, n]) => `${n} clause(s) ${why}`);
  return decide("contract", rows, current, reasons, lost, options);
}
