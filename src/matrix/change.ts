/**
 * "What changed between X and Y": how one clause's status moved from target X to target Y.
 *
 *   regressed             it held on X (passed, or an unspecified clause observed) and does not
 *                         on Y (failed, broken, known or unknown)
 *   fixed                 the reverse
 *   newly-not-applicable  it applied on X and does not on Y (a feature or version gate)
 *   newly-applicable      it did not apply on X and does on Y (whatever its status there)
 *   other                 any other difference: failed -> broken, known -> failed, or an
 *                         unspecified clause whose observation moved away from (or back to) the
 *                         fake's choice
 *
 * Two cells are the same when their status and, for unspecified clauses, their outcome agree;
 * a change in message alone is not a change of status. The page uses the same rule through
 * `changeTable()` (embedded as data), so the browser and the tests cannot disagree.
 */
import { COMPAT_STATUSES, UNSPECIFIED_OUTCOMES, type CompatStatus, type UnspecifiedOutcome } from "./status.js";

export const CHANGE_KINDS = ["regressed", "fixed", "newly-not-applicable", "newly-applicable", "other"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_TEXT: Record<ChangeKind, string> = {
  regressed: "Regressed",
  fixed: "Fixed",
  "newly-not-applicable": "Newly not applicable",
  "newly-applicable": "Newly applicable",
  other: "Other changes",
};

export interface CellState {
  status: CompatStatus;
  outcome?: UnspecifiedOutcome;
}

const HOLDS: ReadonlySet<CompatStatus> = new Set(["passed", "unspecified"]);
const DOES_NOT_HOLD: ReadonlySet<CompatStatus> = new Set(["failed", "broken", "known", "unknown"]);

/** The change from `from` to `to`, or null when the two cells are the same. */
export function classifyChange(from: CellState, to: CellState): ChangeKind | null {
  if (cellKey(from) === cellKey(to)) return null;
  if (to.status === "not-applicable") return "newly-not-applicable";
  if (from.status === "not-applicable") return "newly-applicable";
  if (HOLDS.has(from.status) && DOES_NOT_HOLD.has(to.status)) return "regressed";
  if (DOES_NOT_HOLD.has(from.status) && HOLDS.has(to.status)) return "fixed";
  return "other";
}

/** The identity of a cell for comparison: its status, and its outcome when it has one. */
export function cellKey(cell: CellState): string {
  return cell.outcome === undefined ? cell.status : `${cell.status}:${cell.outcome}`;
}

/** Every cell key a matrix can hold. */
export function allCellKeys(): string[] {
  const keys: string[] = [];
  for (const status of COMPAT_STATUSES) {
    keys.push(status);
    if (status === "unspecified") for (const outcome of UNSPECIFIED_OUTCOMES) keys.push(`${status}:${outcome}`);
  }
  return keys;
}

/** `classifyChange` as data, `"<from key>><to key>"` -> kind (same cells are absent), for the page. */
export function changeTable(): Record<string, ChangeKind> {
  const table: Record<string, ChangeKind> = {};
  const parse = (key: string): CellState => {
    const [status, outcome] = key.split(":") as [CompatStatus, UnspecifiedOutcome | undefined];
    return outcome === undefined ? { status } : { status, outcome };
  };
  for (const a of allCellKeys()) {
    for (const b of allCellKeys()) {
      const kind = classifyChange(parse(a), parse(b));
      if (kind !== null) table[`${a}>${b}`] = kind;
    }
  }
  return table;
}

export interface ClauseChange {
  clause: string;
  kind: ChangeKind;
  from: CellState;
  to: CellState;
}

/** The clauses whose cell differs between two columns, grouped by kind (kinds in CHANGE_KINDS order). */
export function diffColumns(
  clauses: readonly { id: string; cells: Record<string, CellState> }[],
  fromKey: string,
  toKey: string,
): Record<ChangeKind, ClauseChange[]> {
  const groups = Object.fromEntries(CHANGE_KINDS.map((k) => [k, [] as ClauseChange[]])) as Record<ChangeKind, ClauseChange[]>;
  for (const clause of clauses) {
    const from = clause.cells[fromKey];
    const to = clause.cells[toKey];
    if (from === undefined || to === undefined) continue;
    const kind = classifyChange(from, to);
    if (kind !== null) groups[kind].push({ clause: clause.id, kind, from: pick(from), to: pick(to) });
  }
  return groups;
}

function pick(cell: CellState): CellState {
  return cell.outcome === undefined ? { status: cell.status } : { status: cell.status, outcome: cell.outcome };
}
