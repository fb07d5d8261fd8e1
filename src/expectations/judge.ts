/**
 * Judging one clause's results against the entry that governs it: known, mismatch, unexpected pass
 * or new failure (docs/results.md). Pure: ./rewrite-results writes the decision.
 */
import type { ResultStatus, TestResult } from "../report/results-reader.js";
import type { IndexedEntry } from "./schema.js";

export type ResultVerdict = "known" | "mismatch" | "unexpected-pass";

export interface ClauseJudgement {
  clause: string;
  entry?: IndexedEntry;
  /** the clause-level finding */
  kind: "known" | "mismatch" | "unexpected-pass" | "new-failure" | "as-expected" | "no-evidence" | "none";
  /** what to write on each judged result (results not listed are left alone) */
  results: { result: TestResult; verdict: ResultVerdict }[];
  /** the failed and broken results as the suites wrote them (what an added entry would expect) */
  failing: { status: "failed" | "broken"; message?: string }[];
}

const FAILING: ReadonlySet<ResultStatus> = new Set(["failed", "broken"]);

export function coversResult(entry: IndexedEntry, result: Pick<TestResult, "status" | "message">): boolean {
  const e = entry.entry;
  if (!(e.expected as string[]).includes(result.status)) return false;
  return e.message === undefined || new RegExp(e.message).test(result.message ?? "");
}

/** `results` must carry their original statuses (see ./original). */
export function judgeClause(clause: string, results: readonly TestResult[], entry: IndexedEntry | undefined): ClauseJudgement {
  const failing = results.filter((r) => FAILING.has(r.status));
  const passed = results.filter((r) => r.status === "passed");
  const observed = failing.map((r) => ({ status: r.status as "failed" | "broken", ...(r.message !== undefined ? { message: r.message } : {}) }));
  if (!entry) return { clause, kind: failing.length > 0 ? "new-failure" : "none", results: [], failing: observed };
  if (failing.length > 0) {
    const judged = failing.map((result) => ({ result, verdict: (coversResult(entry, result) ? "known" : "mismatch") as ResultVerdict }));
    const kind = judged.every((j) => j.verdict === "known") ? "known" : "mismatch";
    return { clause, entry, kind, results: judged, failing: observed };
  }
  if (passed.length > 0) return { clause, entry, kind: "unexpected-pass", results: passed.map((result) => ({ result, verdict: "unexpected-pass" as const })), failing: [] };
  if (results.length > 0 && entry.entry.expected.includes("skipped")) return { clause, entry, kind: "as-expected", results: [], failing: [] };
  return { clause, entry, kind: "no-evidence", results: [], failing: [] };
}
