/**
 * The run summary: one outcome per selected contract clause, counted per area and in total.
 * The outcomes, what each means, how a result maps to one and which wins when a clause has
 * several results are the outcome model's (src/outcomes): this file only applies them.
 *
 * Per-clause outcome: the worst among the clause's results (src/outcomes/precedence.ts). A
 * selected clause with no result at all is `unknown`: it was meant to run and nothing says it
 * held, so it is never green. `known` is an expected failure (the expectations layer labelled it);
 * it does not fail the run.
 *
 * Totals are a partition of the selected clauses. Each selected clause is counted exactly once,
 * under its *bucket* (see `clauseBucket`): an unspecified clause (the catalogue says the docs leave
 * the behaviour open) that passed counts under `unspecified`, not `passed` (an observation, not a
 * conformance pass); every other clause counts under its outcome. So the counts of every outcome
 * sum to the number of selected clauses, and each area's counts to that area's.
 *
 * Whether a clause is unspecified comes from the catalogue (the source of truth), not the label.
 * Results for catalogue clauses outside the selection are ignored. Results that name no clause,
 * or a clause the catalogue does not have, and results that disagree on the target or the Ego
 * Lite version, are reported as `problems`: a summary with problems does not pass.
 */
import type { Area, Clause } from "../contract/clause.js";
import { LABEL } from "../labels/labels.js";
import { labelValue, type TestResult } from "./results-reader.js";
import { commonCause, describeCause, type CommonCause } from "./common-cause.js";
import { clauseOutcome, emptyOutcomeCounts, FAILS_RUN, OUTCOMES, resultOutcome, worstOutcome, type Outcome, type ResultOutcome } from "../outcomes/index.js";

/** The outcome of a clause's results (src/outcomes). */
export type ClauseStatus = ResultOutcome;
/** The outcome a clause counts under: its status, or `unspecified` for an unspecified clause that passed. */
export type Bucket = Outcome;

/** Key order of every count object (also the JSON key order). */
export const BUCKETS = OUTCOMES;
export type Counts = Record<Bucket, number>;

export interface ClauseSummary {
  id: string;
  area: Area;
  /** the clause's first method (null for clauses about the contract as a whole) */
  method: string | null;
  status: ClauseStatus;
  /** the catalogue marks the behaviour unspecified: observed and reported, never failed */
  unspecified: boolean;
  /** how many results reported this clause (0 means none: status unknown) */
  results: number;
  /** distinct messages of the results that gave the clause its status (skip reasons for skipped) */
  messages?: string[];
  /** for a known clause: the bug links of the expectations that made its failures known */
  bugs?: string[];
  /** the start of the target's stderr, from a result that gave the clause its status */
  diagnostics?: string;
  /** for a not-applicable clause: the `not_applicable` key of its results (`needs:pages`, `feature:profiles`) */
  notApplicable?: string;
}

export type SummaryProblem =
  | { kind: "labels-disagree"; label: string; values: string[] }
  | { kind: "missing-label"; label: string; results: string[] }
  | { kind: "unknown-clause"; clause: string; results: string[] }
  /** most clauses that ran failed or broke for one reason (src/report/common-cause.ts) */
  | { kind: "common-cause"; cause: CommonCause };

export interface RunSummary {
  /** the `target` label (fake | installed) all results agree on; null when none carries it or they disagree */
  target: string | null;
  /** the `target_name` label, same rule */
  targetName: string | null;
  /** the fake persona, same rule (null for installed targets) */
  persona: string | null;
  /** the `ego_version` label, same rule; "unknown" when the build's version could not be read (judged as the newest documented build) */
  egoVersion: string | null;
  /** the `version_source` label: where the version came from, or why it is unknown */
  versionSource: string | null;
  totals: Counts;
  /** areas with at least one selected clause, in catalogue order */
  areas: Partial<Record<Area, Counts>>;
  /** the selected clauses, in catalogue order */
  clauses: ClauseSummary[];
  problems: SummaryProblem[];
}

export interface SummarizeOptions {
  /** which catalogue clauses were meant to run (default: all of them) */
  selected?: (clause: Clause) => boolean;
}

export function emptyCounts(): Counts {
  return emptyOutcomeCounts();
}

/** The total a clause counts under (see the partition rule at the top of this file). */
export function clauseBucket(clause: Pick<ClauseSummary, "status" | "unspecified">): Bucket {
  return clauseOutcome(clause.status, clause.unspecified);
}

/** The worst of some result outcomes; `unknown` for none. */
export const worstStatus = worstOutcome;

export function summarize(results: readonly TestResult[], catalogue: readonly Clause[], options: SummarizeOptions = {}): RunSummary {
  const selected = options.selected ?? (() => true);
  const problems: SummaryProblem[] = [];
  const known = new Map(catalogue.map((c) => [c.id, c]));

  const byClause = new Map<string, TestResult[]>();
  const unnamed: string[] = [];
  const unknownClauses = new Map<string, string[]>();
  for (const r of results) {
    const id = labelValue(r, LABEL.clause);
    if (id === undefined) unnamed.push(describeResult(r));
    else if (!known.has(id)) unknownClauses.set(id, [...(unknownClauses.get(id) ?? []), describeResult(r)]);
    else byClause.set(id, [...(byClause.get(id) ?? []), r]);
  }
  if (unnamed.length > 0) problems.push({ kind: "missing-label", label: LABEL.clause, results: unnamed });
  for (const [clause, rs] of unknownClauses) problems.push({ kind: "unknown-clause", clause, results: rs });

  const { target, targetName, egoVersion, versionSource, persona } = runLabels(results, problems);

  const clauses: ClauseSummary[] = [];
  const totals = emptyCounts();
  const areas: Partial<Record<Area, Counts>> = {};
  for (const clause of catalogue) {
    if (!selected(clause)) continue;
    const summary = summarizeClause(clause, byClause.get(clause.id) ?? []);
    clauses.push(summary);
    const bucket = clauseBucket(summary);
    totals[bucket] += 1;
    (areas[clause.area] ??= emptyCounts())[bucket] += 1;
  }
  const cause = commonCause(clauses);
  if (cause !== undefined) problems.unshift({ kind: "common-cause", cause });
  return { target, targetName, persona, egoVersion, versionSource, totals, areas, clauses, problems };
}

/**
 * What the results say about the run (target, name, version, version source, persona), each the
 * one value all results agree on (see `agreedLabel`); disagreements and missing labels are added
 * to `problems`.
 */
export function runLabels(results: readonly TestResult[], problems: SummaryProblem[] = []): Pick<RunSummary, "target" | "targetName" | "egoVersion" | "versionSource" | "persona"> {
  const target = agreedLabel(results, LABEL.targetKind, true, problems);
  const targetName = agreedLabel(results, LABEL.targetName, true, problems);
  const egoVersion = agreedLabel(results, LABEL.egoVersion, true, problems);
  const versionSource = agreedLabel(results, LABEL.versionSource, false, problems);
  const persona = agreedLabel(results, LABEL.persona, false, problems);
  return { target, targetName, egoVersion, versionSource, persona };
}

/**
 * No clause with an outcome that fails a run (failed, precondition failed, broken, unknown:
 * src/outcomes FAILS_RUN), and nothing that makes the summary untrustworthy: no problems, and at
 * least one selected clause (a selection that matched nothing verified nothing, e.g. a mistyped
 * --grep, and must not be green).
 */
export function summaryPassed(summary: RunSummary): boolean {
  const failing = [...FAILS_RUN].some((o) => summary.totals[o] > 0);
  return summary.clauses.length > 0 && !failing && summary.problems.length === 0;
}

export function describeProblem(problem: SummaryProblem): string {
  switch (problem.kind) {
    case "labels-disagree":
      return `results disagree on label '${problem.label}': ${problem.values.join(", ")} (a results directory mixing runs?)`;
    case "missing-label":
      return `${problem.results.length} result(s) without label '${problem.label}': ${preview(problem.results)}`;
    case "unknown-clause":
      return `result(s) name clause '${problem.clause}', which the catalogue does not have: ${preview(problem.results)}`;
    case "common-cause":
      return describeCause(problem.cause);
  }
}

/** A result's outcome (src/outcomes/of-result.ts). */
export function effectiveStatus(result: Pick<TestResult, "status" | "labels" | "flaky">): ClauseStatus {
  return resultOutcome(result);
}

function summarizeClause(clause: Clause, results: readonly TestResult[]): ClauseSummary {
  const status = worstStatus(results.map(effectiveStatus));
  const summary: ClauseSummary = {
    id: clause.id,
    area: clause.area,
    method: clause.methods[0] ?? null,
    status,
    unspecified: clause.unspecified !== undefined,
    results: results.length,
  };
  const messages = distinct(results.filter((r) => effectiveStatus(r) === status).map(messageOf));
  if (messages.length > 0) summary.messages = messages;
  const diagnostics = results.find((r) => effectiveStatus(r) === status && r.diagnostics !== undefined)?.diagnostics;
  if (diagnostics !== undefined) summary.diagnostics = diagnostics;
  if (status === "not-applicable") {
    const key = results.map((r) => labelValue(r, LABEL.notApplicable)).find((k) => k !== undefined);
    if (key !== undefined) summary.notApplicable = key;
  }
  if (status === "known") {
    const bugs = distinct(results.filter((r) => effectiveStatus(r) === "known").map((r) => labelValue(r, LABEL.expectationBug)));
    if (bugs.length > 0) summary.bugs = bugs;
  }
  return summary;
}

function messageOf(result: TestResult): string | undefined {
  if (result.message !== undefined && result.message.trim() !== "") return result.message;
  const handedOver = labelValue(result, LABEL.statusMessage);
  if (handedOver !== undefined && handedOver.trim() !== "") return handedOver;
  const reason = labelValue(result, LABEL.notApplicable);
  return result.status === "skipped" && reason !== undefined ? `not applicable: ${reason}` : undefined;
}

/**
 * The one value of `label` across all results. Disagreement is a problem and gives null;
 * so does a required label missing from some results (the value would describe only part of the run).
 */
function agreedLabel(results: readonly TestResult[], label: string, required: boolean, problems: SummaryProblem[]): string | null {
  const values = new Set<string>();
  const missing: string[] = [];
  for (const r of results) {
    const v = labelValue(r, label);
    if (v === undefined) missing.push(describeResult(r));
    else values.add(v);
  }
  if (required && missing.length > 0) problems.push({ kind: "missing-label", label, results: missing });
  if (values.size > 1) {
    problems.push({ kind: "labels-disagree", label, values: [...values].sort() });
    return null;
  }
  if (required && missing.length > 0) return null;
  const [only] = values;
  return only ?? null;
}

function describeResult(r: TestResult): string {
  const file = r.file.split(/[\\/]/).pop() ?? r.file;
  return `${r.name} (${file})`;
}

function distinct(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== undefined))];
}

function preview(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join("; ");
  return items.length > max ? `${shown}; and ${items.length - max} more` : shown;
}
