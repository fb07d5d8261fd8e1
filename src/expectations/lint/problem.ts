/** One problem a lint check found, naming the check and (when there is one) the entry. */
import type { Clause } from "../../contract/clause.js";
import type { IndexedEntry } from "../schema.js";

export interface LintProblem {
  check: string;
  /** 0-based index of the entry in the file */
  entry?: number;
  message: string;
}

export interface LintContext {
  catalogue: readonly Clause[];
  /** YYYY-MM-DD (UTC) */
  today: string;
  /** the persona names a `when.persona` may use */
  personas: readonly string[];
}

export type LintCheck = (entries: readonly IndexedEntry[], context: LintContext) => LintProblem[];

export function renderProblem(problem: LintProblem): string {
  const named = problem.entry === undefined || problem.message.startsWith(`entry #${problem.entry + 1} `);
  return `${named ? "" : `entry #${problem.entry! + 1}: `}${problem.message} [${problem.check}]`;
}
