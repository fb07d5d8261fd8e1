/**
 * The run summary: each selected clause counted once, under its outcome (src/outcomes), per area
 * and in total; a clause with no result is `unknown`, and results it cannot place are `problems`.
 */
import type { Area, Clause } from "../contract/clause.js";
import { LABEL } from "../labels/labels.js";
import { labelValue, type TestResult } from "./results-reader.js";
import { commonCause, describeCause, type CommonCause } from "./common-cause.js";
import { clauseOutcome, emptyOutcomeCounts, FAILS_RUN, resultOutcome, worstOutcome, type Outcome, type ResultOutcome } from "../outcomes/index.js";

/** Clauses counted per outcome, keys in OUTCOMES order (also the JSON key order). */
export type Counts = Record<Outcome, number>;

export interface ClauseSummary {
  id: string;
  area: Area;
  /** the clause's first method (null for clauses about the contract as a whole) */
  method: string | null;
  /** the worst outcome of its results; the outcome it counts under is `clauseOutcome(status, unspecified)` */
  status: ResultOutcome;
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
  const totals = emptyOutcomeCounts();
  const areas: Partial<Record<Area, Counts>> = {};
  for (const clause of catalogue) {
    if (!selected(clause)) continue;
    const summary = summarizeClause(clause, byClause.get(clause.id) ?? []);
    clauses.push(summary);
    const outcome = clauseOutcome(summary.status, summary.unspecified);
    totals[outcome] += 1;
    (areas[clause.area] ??= emptyOutcomeCounts())[outcome] += 1;
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

function summarizeClause(clause: Clause, results: readonly TestResult[]): ClauseSummary {
  const status = worstOutcome(results.map(resultOutcome));
  const summary: ClauseSummary = {
    id: clause.id,
    area: clause.area,
    method: clause.methods[0] ?? null,
    status,
    unspecified: clause.unspecified !== undefined,
    results: results.length,
  };
  const messages = distinct(results.filter((r) => resultOutcome(r) === status).map(messageOf));
  if (messages.length > 0) summary.messages = messages;
  const diagnostics = results.find((r) => resultOutcome(r) === status && r.diagnostics !== undefined)?.diagnostics;
  if (diagnostics !== undefined) summary.diagnostics = diagnostics;
  if (status === "not-applicable") {
    const key = results.map((r) => labelValue(r, LABEL.notApplicable)).find((k) => k !== undefined);
    if (key !== undefined) summary.notApplicable = key;
  }
  if (status === "known") {
    const bugs = distinct(results.filter((r) => resultOutcome(r) === "known").map((r) => labelValue(r, LABEL.expectationBug)));
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
