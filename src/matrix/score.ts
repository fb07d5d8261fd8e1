/**
 * Scores of the matrix, as defined in compat-schema.ts (SCORE_DEFINITION, INTEROP_DEFINITION):
 * one point per required clause, interop-style; unspecified clauses are scored only when their
 * documented core failed (src/contract/clause.ts).
 */
import type { CompatCell, Score } from "./compat-schema.js";
import { ownEntry } from "../tables/id-record.js";

export interface ScoredClause {
  /** the catalogue marks it unspecified */
  unspecified: boolean;
}

/**
 * The score of one target over its cells (clause id -> cell). The counts partition the cells:
 * passed (flaky included) + failed + preconditionFailed + broken + known + unknown (= applicable) + notApplicable
 * + unspecified.observed + unspecified.unobserved = number of cells (a failed unspecified clause
 * is counted under failed).
 */
export function scoreTarget(clauses: ReadonlyMap<string, ScoredClause>, cells: Readonly<Record<string, CompatCell>>): Score {
  const score: Score = {
    value: null,
    passed: 0,
    applicable: 0,
    failed: 0,
    preconditionFailed: 0,
    broken: 0,
    known: 0,
    flaky: 0,
    unknown: 0,
    notApplicable: 0,
    unspecified: { observed: 0, differs: 0, unobserved: 0 },
  };
  for (const [id, cell] of Object.entries(cells)) {
    const clause = clauses.get(id);
    if (clause === undefined) throw new Error(`a cell names clause '${id}', which the matrix does not have`);
    if (cell.status === "not-applicable") {
      score.notApplicable += 1;
      continue;
    }
    if (cell.status === "unspecified") {
      score.unspecified.observed += 1;
      if (cell.outcome === "differs-from-the-fake") score.unspecified.differs += 1;
      continue;
    }
    if (clause.unspecified && cell.status !== "failed") {
      // broken, known or no result: not an observation, and not scored either (the grid shows it).
      // A failed unspecified clause broke its documented core: that is scored like any failure.
      score.unspecified.unobserved += 1;
      continue;
    }
    score.applicable += 1;
    if (cell.status === "passed") score.passed += 1;
    else if (cell.status === "flaky") {
      score.passed += 1;
      score.flaky += 1;
    } else if (cell.status === "precondition-failed") score.preconditionFailed += 1;
    else score[cell.status] += 1;
  }
  score.value = score.applicable === 0 ? null : score.passed / score.applicable;
  return score;
}

/**
 * Interop over the targets that ran: a required clause that applies to at least one of them
 * counts; it holds when it passed on every one of them where it applies.
 */
export function interop(
  clauses: readonly { unspecified: boolean; cells: Readonly<Record<string, CompatCell>> }[],
  ranKeys: readonly string[],
): { value: number | null; holdEverywhere: number; applicable: number } {
  let applicable = 0;
  let holdEverywhere = 0;
  for (const clause of clauses) {
    if (clause.unspecified) continue;
    const cells = ranKeys.map((k) => ownEntry(clause.cells, k)).filter((c): c is CompatCell => c !== undefined && c.status !== "not-applicable");
    if (cells.length === 0) continue;
    applicable += 1;
    if (cells.every((c) => c.status === "passed" || c.status === "flaky")) holdEverywhere += 1;
  }
  return { value: applicable === 0 ? null : holdEverywhere / applicable, holdEverywhere, applicable };
}
