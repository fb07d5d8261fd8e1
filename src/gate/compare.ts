/**
 * The gate's decision over two runs' outcomes (pure): a row per clause in either run, its change
 * (the outcome model's change table, src/outcomes/changes.ts), and the verdict. Ship only when no
 * row blocks (a precondition failure or an unknown clause always blocks), the current run has no
 * problems (mixed or unlabelled results), and at least `minClauses` clauses ran (src/outcomes RAN:
 * not-applicable and unknown clauses did not run).
 */
import { BLOCKING, CHANGES, CHANGE_TEXT, changeBetween as classifyChange, type Change } from "../outcomes/changes.js";
import { RAN } from "../outcomes/statuses.js";
import type { ClauseOutcome, RunOutcomes } from "./outcomes-file.js";
import { ownEntry } from "../tables/id-record.js";

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

export function compareOutcomes(baseline: RunOutcomes, current: RunOutcomes, options: GateOptions = {}): GateDecision {
  const ids = [...new Set([...Object.keys(baseline.clauses), ...Object.keys(current.clauses)])].sort();
  const rows: GateRow[] = ids.map((clause) => {
    const b = ownEntry(baseline.clauses, clause);
    const c = ownEntry(current.clauses, clause);
    const change = classifyChange(b?.status, c?.status);
    return { clause, change, blocking: BLOCKING.has(change), ...(b ? { baseline: b } : {}), ...(c ? { current: c } : {}) };
  });
  const counts = Object.fromEntries(CHANGES.map((k) => [k, 0])) as Record<Change, number>;
  for (const row of rows) counts[row.change] += 1;
  const ran = Object.values(current.clauses).filter((c) => RAN.has(c.status)).length;
  const minClauses = Math.max(1, options.minClauses ?? 1);
  const reasons: string[] = [];
  const blocking = rows.filter((r) => r.blocking);
  for (const change of CHANGES) {
    const n = counts[change];
    if (n > 0 && BLOCKING.has(change)) reasons.push(`${n} clause(s) ${CHANGE_TEXT[change].reason}`);
  }
  if (ran < minClauses) reasons.push(`only ${ran} clause(s) ran, fewer than the ${minClauses} required (--min-clauses)`);
  if (current.problems.length > 0) reasons.push(`the current results have ${current.problems.length} problem(s): ${current.problems[0]}`);
  return { ship: blocking.length === 0 && ran >= minClauses && current.problems.length === 0, rows, counts, ran, minClauses, reasons };
}
