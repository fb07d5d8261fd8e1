/**
 * The matrix's verdict, one rule for the exit status, the terminal and compat.html: clean when every
 * target ran, there is no warning, and no cell's outcome would fail a run (src/outcomes FAILS_RUN).
 */
import type { CompatCell, CompatJson, TargetOutcome } from "./compat-schema.js";
import { FAILS_RUN } from "../outcomes/statuses.js";
import { ownEntry } from "../tables/id-record.js";

/**
 * Whether the matrix is clean: every target ran, no warning, and no cell failed, broke or went
 * without a result (known failures and unspecified observations do not count against it).
 */
export function matrixClean(compat: CompatJson): boolean {
  if (compat.warnings.length > 0) return false;
  if (compat.targets.some((t) => t.availability !== "ran")) return false;
  return compat.clauses.every((c) => Object.values(c.cells).every(cellClean));
}

/** The same rule for one target's column (a shard judges its own targets with it). */
export function targetClean(target: Pick<TargetOutcome, "availability" | "cells" | "problems">): boolean {
  return target.availability === "ran" && target.problems.length === 0 && Object.values(target.cells).every(cellClean);
}

/** A cell is clean unless its outcome would fail a run (src/outcomes FAILS_RUN). */
function cellClean(cell: CompatCell): boolean {
  return !FAILS_RUN.has(cell.status);
}

/** What compat.html shows at its top: the verdict, the failing targets and every failing cell. */
export interface MatrixVerdict {
  clean: boolean;
  /** targets that did not run or have a cell that fails a run */
  failingTargets: string[];
  /** every cell that fails a run, in clause order then target order */
  failingCells: { clause: string; target: string; status: CompatCell["status"] }[];
}

export function matrixVerdict(compat: CompatJson): MatrixVerdict {
  const failingCells = compat.clauses.flatMap((c) => compat.targets.flatMap((t) => {
    const cell = ownEntry(c.cells, t.key);
    return cell !== undefined && !cellClean(cell) ? [{ clause: c.id, target: t.key, status: cell.status }] : [];
  }));
  const failingTargets = compat.targets.filter((t) => t.availability !== "ran" || failingCells.some((f) => f.target === t.key)).map((t) => t.key);
  return { clean: matrixClean(compat), failingTargets, failingCells };
}
