/**
 * The gate's decision over two runs' outcomes (pure): a row per clause with its change (the outcome
 * model's change table) and the verdict, ship only when no row blocks, the run has no problems and
 * enough clauses ran (docs/results.md, "The release gate").
 */
import { BLOCKING, CHANGES, CHANGE_TEXT, outcomeChange, type Change } from "../outcomes/changes.js";
import { notJudgedHere } from "../outcomes/not-applicable.js";
import { emptyOutcomeCounts, RAN, type Outcome } from "../outcomes/statuses.js";
import { baselineMismatches } from "./baseline-mismatches.js";
import { notJudgedGroups, type NotJudgedGroup } from "./not-judged.js";
import type { ClauseOutcome, RunOutcomes } from "./outcomes-file.js";
import { ownEntry } from "../tables/id-record.js";

export interface GateRow {
  clause: string;
  /** the change from the baseline; null when the gate judged the contract itself */
  change: Change | null;
  blocking: boolean;
  baseline?: ClauseOutcome;
  current?: ClauseOutcome;
  /** not applicable now for this harness's lack, not the build's: listed, never blocking */
  notJudgedHere?: true;
  /** against the contract: why the row blocks, after "N clause(s) " */
  why?: string;
}

export interface GateOptions {
  /** fewest clauses the current run must have run (default 1: an empty run never ships) */
  minClauses?: number;
}

export interface GateDecision {
  /** what the run was judged against: a baseline run, or the contract (the catalogue) itself */
  against: "baseline" | "contract";
  ship: boolean;
  rows: GateRow[];
  /** per change from the baseline (all zero against the contract) */
  counts: Record<Change, number>;
  /** the current run's clauses per outcome: the counts of its own terminal line */
  outcomes: Record<Outcome, number>;
  /** clauses not applicable for a build's lack that block: coverage lost */
  lost: number;
  /** clauses the current run ran */
  ran: number;
  minClauses: number;
  /** why not, one sentence each (empty when ship) */
  reasons: string[];
  /** clauses this harness could not judge, by reason, with the command that judges them */
  notJudgedHere: NotJudgedGroup[];
  /** why the baseline is a doubtful yardstick (another target kind or version); none against the contract */
  warnings: string[];
}

export function outcomeCounts(current: RunOutcomes): Record<Outcome, number> {
  const counts = emptyOutcomeCounts();
  for (const c of Object.values(current.clauses)) counts[c.status] += 1;
  return counts;
}

/** The verdict shared by both kinds of gate: no blocking row, no problem, enough clauses ran. */
export function decide(against: GateDecision["against"], rows: GateRow[], current: RunOutcomes, blockingReasons: string[], lost: number, options: GateOptions, warnings: string[] = []): GateDecision {
  const counts = Object.fromEntries(CHANGES.map((k) => [k, 0])) as Record<Change, number>;
  for (const row of rows) if (row.change !== null) counts[row.change] += 1;
  const ran = Object.values(current.clauses).filter((c) => RAN.has(c.status)).length;
  const minClauses = Math.max(1, options.minClauses ?? 1);
  const reasons = [...blockingReasons];
  if (ran < minClauses) reasons.push(`only ${ran} clause(s) ran, fewer than the ${minClauses} required (--min-clauses)`);
  if (current.problems.length > 0) reasons.push(`the current results have ${current.problems.length} problem(s): ${current.problems[0]}`);
  const ship = !rows.some((r) => r.blocking) && ran >= minClauses && current.problems.length === 0;
  return { against, ship, rows, counts, outcomes: outcomeCounts(current), lost, ran, minClauses, reasons, notJudgedHere: notJudgedGroups(current), warnings };
}

export function compareOutcomes(baseline: RunOutcomes, current: RunOutcomes, options: GateOptions = {}): GateDecision {
  const ids = [...new Set([...Object.keys(baseline.clauses), ...Object.keys(current.clauses)])].sort();
  const rows: GateRow[] = ids.map((clause) => {
    const b = ownEntry(baseline.clauses, clause);
    const c = ownEntry(current.clauses, clause);
    const change = outcomeChange(b?.status, c?.status);
    const notJudged = c?.status === "not-applicable" && notJudgedHere(c.notApplicable);
    return { clause, change, blocking: BLOCKING.has(change) && !notJudged, ...(b ? { baseline: b } : {}), ...(c ? { current: c } : {}), ...(notJudged ? { notJudgedHere: true as const } : {}) };
  });
  const reasons: string[] = [];
  for (const change of CHANGES) {
    const n = rows.filter((r) => r.blocking && r.change === change).length;
    if (n > 0) reasons.push(`${n} clause(s) ${CHANGE_TEXT[change].reason}`);
  }
  const lost = rows.filter((r) => r.blocking && r.change === "newly-not-applicable").length;
  return decide("baseline", rows, current, reasons, lost, options, baselineMismatches(baseline, current));
}
