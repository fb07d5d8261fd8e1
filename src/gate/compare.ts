/**
 * The gate's decision over two runs' outcomes (pure): a row per clause in either run, its change
 * (./classify), and the verdict. Ship only when no row blocks, the current run has no problems
 * (mixed or unlabelled results), and at least `minClauses` clauses ran (passed, failed, broken,
 * known or unspecified: skipped and unknown clauses did not run).
 */
import { BLOCKING, classifyChange, type Change } from "./classify.js";
import type { ClauseOutcome, RunOutcomes } from "./outcomes.js";

export interface GateRow {
  clause: string;
  change: Change;
  blocking: boolean;
  baseline?: ClauseOutcome;
  current?: ClauseOutcome;
}

export interface GateOptions {
  /** fewest clauses the current run must have run (default 1: an empty run never ships) */
  minClauses?: number;
}

export interface GateDecision {
  ship: boolean;
  rows: GateRow[];
  counts: Record<Change, number>;
  /** clauses the current run ran */
  ran: number;
  minClauses: number;
  /** why not, one sentence each (empty when ship) */
  reasons: string[];
}

const RAN = new Set(["passed", "failed", "broken", "known", "unspecified"]);

export function compareOutcomes(baseline: RunOutcomes, current: RunOutcomes, options: GateOptions = {}): GateDecision {
  const ids = [...new Set([...Object.keys(baseline.clauses), ...Object.keys(current.clauses)])].sort();
  const rows: GateRow[] = ids.map((clause) => {
    const b = baseline.clauses[clause];
    const c = current.clauses[clause];
    const change = classifyChange(b?.status, c?.status);
    return { clause, change, blocking: BLOCKING.has(change), ...(b ? { baseline: b } : {}), ...(c ? { current: c } : {}) };
  });
  const counts = Object.fromEntries(
    ["regressed", "new-failure", "newly-not-applicable", "missing", "unknown", "newly-known", "fixed", "newly-applicable", "added", "unchanged"].map((k) => [k, 0]),
  ) as Record<Change, number>;
  for (const row of rows) counts[row.change] += 1;
  const ran = Object.values(current.clauses).filter((c) => RAN.has(c.status)).length;
  const minClauses = Math.max(1, options.minClauses ?? 1);
  const reasons: string[] = [];
  const blocking = rows.filter((r) => r.blocking);
  for (const change of ["regressed", "new-failure", "newly-not-applicable", "missing", "unknown"] as const) {
    const n = counts[change];
    if (n > 0) reasons.push(`${n} clause(s) ${REASON_TEXT[change]}`);
  }
  if (ran < minClauses) reasons.push(`only ${ran} clause(s) ran, fewer than the ${minClauses} required (--min-clauses)`);
  if (current.problems.length > 0) reasons.push(`the current results have ${current.problems.length} problem(s): ${current.problems[0]}`);
  return { ship: blocking.length === 0 && ran >= minClauses && current.problems.length === 0, rows, counts, ran, minClauses, reasons };
}

const REASON_TEXT: Record<"regressed" | "new-failure" | "newly-not-applicable" | "missing" | "unknown", string> = {
  regressed: "regressed (passed in the baseline, fail now)",
  "new-failure": "fail now and did not fail in the baseline (or were known there and are no longer covered)",
  "newly-not-applicable": "ran in the baseline and are not applicable now",
  missing: "are in the baseline and absent now",
  unknown: "have no result now",
};
