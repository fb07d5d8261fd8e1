/**
 * Phase 5, write: the judged results, outcomes, expectations update, HTML report and transcript,
 * all from the judged run in memory; an interrupted run writes only its results.
 */
import { isAbsolute, relative } from "node:path";
import { CATALOGUE } from "../contract/index.js";
import { suggestUpdates, todayUtc, writeUpdates, type ExpectationUpdate } from "../expectations/index.js";
import { outcomesFromSummary, writeOutcomes } from "../gate/outcomes-file.js";
import { generateAllureReport, ReportInterruptedError, type ReportVerdict } from "../report/allure-report.js";
import { judgeContract } from "../gate/contract-gate.js";
import { reportVerdict } from "../gate/report-verdict.js";
import type { ResultFile } from "../report/results-reader.js";
import { buildTranscript } from "../recording/transcript.js";
import type { ResultsCollection } from "./collect.js";
import { trapInterrupts } from "../processes/interrupts.js";
import { writeFileAtomic } from "../files/output-dir.js";
import type { ExecutedRun } from "./execute.js";
import type { JudgedRun } from "./judge.js";
import type { RunOptions } from "./options.js";
import type { RunPlan } from "./plan.js";
import { PROJECT_ROOT } from "./vitest-phases.js";

export interface WrittenRun {
  /** the HTML report's index.html, when one was written */
  reportPath?: string;
  /** the signal that stopped the report being written */
  interrupted?: NodeJS.Signals;
  /** what `updateExpectations` suggests for the expectations file, and whether it was written */
  expectationUpdate?: { file: string; update: ExpectationUpdate; written: boolean };
  /** the transcript written (`record`), when the run recorded */
  transcript?: string;
}

/** `results`: the run's results as judged (the collection `judged` was made from). */
export async function writeRunOutputs(plan: RunPlan, executed: ExecutedRun, results: ResultsCollection, judged: JudgedRun): Promise<WrittenRun> {
  const { options } = plan;
  await writeResultFiles(judged.changed);
  if (executed.interrupted) return {};
  const outcomes = outcomesFromSummary(judged.summary, { runId: executed.runId, ungated: executed.ungated, catalogueClauses: CATALOGUE.length, expectations: plan.expectations ? shownPath(plan.expectations.file) : null });
  if (!executed.unreachable && options.outcomesFile !== undefined) await writeOutcomes(options.outcomesFile, outcomes);
  const expectationUpdate = await updateExpectations(plan, judged);
  // the report's quality gate shows what `gate` (no baseline) says of these outcomes
  const report = options.report ? await reportFor(options, results.files, reportVerdict(judgeContract(outcomes))) : {};
  const transcript = plan.record !== undefined && !executed.unreachable ? await writeTranscript(plan.record, plan, executed, results, judged) : undefined;
  return { ...report, ...(expectationUpdate ? { expectationUpdate } : {}), ...(transcript !== undefined ? { transcript } : {}) };
}

/** `run --record FILE`: the transcript of the judged run. */
async function writeTranscript(file: string, plan: RunPlan, executed: ExecutedRun, results: ResultsCollection, judged: JudgedRun): Promise<string> {
  // a target with real pages has the capability (a real build; the fake or fake app in Chromium)
  const pages = executed.info.capabilities.has("pages") ? "chromium" : "model";
  await writeFileAtomic(file, `${JSON.stringify(await buildTranscript(results.files, results.dir, judged.summary, executed.runId, plan.options.mutants, pages), null, 1)}\n`);
  return file;
}

/** Result files judged in memory, written back where they were read. */
export async function writeResultFiles(files: readonly ResultFile[]): Promise<void> {
  for (const f of files) await writeFileAtomic(f.result.file, JSON.stringify(f.raw));
}

/** `updateExpectations`: the entries to add and remove, from this run's verdicts; written when asked. */
async function updateExpectations(plan: RunPlan, judged: JudgedRun): Promise<WrittenRun["expectationUpdate"]> {
  const { options } = plan;
  if (!options.updateExpectations || !judged.expectations || options.expectationsFile === undefined) return undefined;
  const file = options.expectationsFile;
  const update = suggestUpdates(judged.expectations, plan.expectations, CATALOGUE, todayUtc());
  const written = options.updateExpectations === "write";
  if (written) await writeUpdates(file, plan.expectations, update);
  return { file, update, written };
}

/** The HTML report, swapped in when complete; Ctrl-C while it is made keeps the earlier one. */
async function reportFor(options: RunOptions, results: readonly ResultFile[], verdict: ReportVerdict): Promise<{ reportPath?: string; interrupted?: NodeJS.Signals }> {
  const abort = new AbortController();
  const trap = trapInterrupts(() => process.stderr.write("ego-conformance run: interrupted while writing the report; the earlier report is kept\n"));
  trap.onInterrupt(() => abort.abort());
  try {
    const report = await generateAllureReport({ resultsDir: options.resultsDir, outputDir: options.reportDir, cwd: PROJECT_ROOT, what: "--report", signal: abort.signal, results, verdict });
    return { reportPath: report.indexHtml };
  } catch (error) {
    if (error instanceof ReportInterruptedError && trap.signal !== null) return { interrupted: trap.signal };
    throw error;
  } finally {
    trap.dispose();
  }
}

/** A path as recorded in outputs meant to be kept: relative to the working directory when inside it. */
function shownPath(file: string): string {
  const inside = relative(process.cwd(), file);
  return inside.startsWith("..") || isAbsolute(inside) ? file : inside;
}
