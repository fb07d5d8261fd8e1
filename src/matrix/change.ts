/**
 * How one clause's cell moved between two matrix targets, by the outcome model's table of changes
 * (src/outcomes/changes.ts); the page embeds the same table, so page and tests cannot disagree.
 */
import { CHANGES, CHANGE_TEXT as CHANGE_TEXTS, outcomeChange, type Change } from "../outcomes/changes.js";
import { OUTCOMES, type Outcome } from "../outcomes/statuses.js";
import { UNSPECIFIED_OUTCOMES, type UnspecifiedOutcome } from "./status.js";

/** The changes two present cells can show (absent cells are not compared on the page). */
export const CHANGE_KINDS = CHANGES.filter((c): c is Exclude<Change, "missing" | "added" | "unchanged"> => c !== "missing" && c !== "added" && c !== "unchanged");
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_TEXT = Object.fromEntries(CHANGE_KINDS.map((k) => [k, CHANGE_TEXTS[k].title])) as Record<ChangeKind, string>;

export interface CellState {
  status: Outcome;
  outcome?: UnspecifiedOutcome;
}

/** The change from cell `from` to cell `to`, or null when the two cells are the same. */
export function cellChange(from: CellState, to: CellState): ChangeKind | null {
  if (cellKey(from) === cellKey(to)) return null;
  const change = outcomeChange(from.status, to.status);
  // same status, another unspecified outcome; or a status that stays failing/unknown
  return change === "unchanged" || change === "missing" || change === "added" ? "other" : change;
}

/** The identity of a cell for comparison: its status, and its outcome when it has one. */
export function cellKey(cell: CellState): string {
  return cell.outcome === undefined ? cell.status : `${cell.status}:${cell.outcome}`;
}

/** Every cell key a matrix can hold. */
export function allCellKeys(): string[] {
  const keys: string[] = [];
  for (const status of OUTCOMES) {
    keys.push(status);
    if (status === "unspecified") for (const outcome of UNSPECIFIED_OUTCOMES) keys.push(`${status}:${outcome}`);
  }
  return keys;
}

/** `cellChange` as data, `"<from key>><to key>"` -> kind (same cells are absent), for the page. */
export function changeTable(): Record<string, ChangeKind> {
  const table: Record<string, ChangeKind> = {};
  const parse = (key: string): CellState => {
    const [status, outcome] = key.split(":") as [Outcome, UnspecifiedOutcome | undefined];
    return outcome === undefined ? { status } : { status, outcome };
  };
  for (const a of allCellKeys()) {
    for (const b of allCellKeys()) {
      const kind = cellChange(parse(a), parse(b));
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
    // own entries only: a key read from a file is never answered by Object.prototype
    const from = Object.hasOwn(clause.cells, fromKey) ? clause.cells[fromKey] : undefined;
    const to = Object.hasOwn(clause.cells, toKey) ? clause.cells[toKey] : undefined;
    if (from === undefined || to === undefined) continue;
    const kind = cellChange(from, to);
    if (kind !== null) groups[kind].push({ clause: clause.id, kind, from: pick(from), to: pick(to) });
  }
  return groups;
}

function pick(cell: CellState): CellState {
  return cell.outcome === undefined ? { status: cell.status } : { status: cell.status, outcome: cell.outcome };
}
