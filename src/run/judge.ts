/**
 * Phase 4, judge: the collected results judged in memory (attribution, expectations, flaky
 * results, then the per-clause summary); the result files that changed go to the write phase.
 */
import { CATALOGUE } from "../contract/index.js";
import { applyExpectationsToFiles, type ExpectationsOutcome } from "../expectations/index.js";
import { markFlakyFiles } from "../retries/flaky-results.js";
import { attributeFiles } from "./attribute-results.js";
import type { ResultFile, TestResult } from "../report/results-reader.js";
import { summarize, type RunSummary } from "../report/summary.js";
import { resultsOf, type ResultsCollection } from "./collect.js";
import type { ExecutedRun } from "./execute.js";
import type { RunPlan } from "./plan.js";

export interface JudgedRun {
  summary: RunSummary;
  /** the expectations' verdicts (not for an interrupted or unreachable run) */
  expectations?: ExpectationsOutcome;
  /** the results that passed only after an infrastructure retry (not for an unreachable run) */
  flaky?: TestResult[];
  /** the result files the judgement changed, to be written back */
  changed: ResultFile[];
}

export function judgeResults(collection: ResultsCollection, plan: Pick<RunPlan, "selected" | "expectations">, executed: Pick<ExecutedRun, "interrupted" | "unreachable">): JudgedRun {
  const { selected } = plan;
  if (executed.unreachable) return { summary: summarize(resultsOf(collection), CATALOGUE, { selected }), changed: [] };
  const attributed = attributeFiles(collection.files);
  const applied = executed.interrupted ? undefined : applyExpectationsToFiles(collection.files, plan.expectations, { catalogue: CATALOGUE, selected });
  const marked = markFlakyFiles(collection.files);
  const changed = [...new Set([...attributed.changed, ...(applied?.changed ?? []), ...marked.changed])];
  return {
    summary: summarize(resultsOf(collection), CATALOGUE, { selected }),
    ...(applied ? { expectations: applied.outcome } : {}),
    flaky: marked.flaky,
    changed,
  };
}
