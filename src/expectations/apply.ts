/**
 * Applying an expectations file to a finished run: judge each selected clause against the entry
 * that governs it and write the verdicts into the result files before the summary and report read
 * them. Repeatable: results are judged as the suites wrote them (./original).
 */
import type { Clause } from "../contract/clause.js";
import { LABEL } from "../labels/labels.js";
import { labelValue, readResultFiles, reparseResultFile, type ResultFile, type TestResult } from "../report/results-reader.js";
import { runLabels } from "../report/summary.js";
import type { RunFacts } from "./conditions.js";
import { conditionsHold } from "./conditions.js";
import { todayUtc } from "./dates.js";
import { judgeClause, type ClauseJudgement, type ResultVerdict } from "./judge.js";
import type { LoadedExpectations } from "./load.js";
import { originalResult } from "./original.js";
import { matchesClause } from "./pattern.js";
import { rewriteRaw, writeResultFile } from "./rewrite-results.js";
import type { IndexedEntry } from "./schema.js";
import { entryFor } from "./select.js";

export interface ExpectationsOutcome {
  /** the file applied; null when the run had none */
  file: string | null;
  run: RunFacts;
  /** one per selected clause that has an entry or fails (kind `none` left out) */
  judgements: ClauseJudgement[];
  /** clauses whose only matching entries have expired (the failure counts again) */
  expired: { clause: string; entries: IndexedEntry[] }[];
  /** entries whose conditions hold for this run but whose pattern matches no selected clause */
  unused: IndexedEntry[];
}

export interface ApplyOptions {
  catalogue: readonly Clause[];
  selected?: (clause: Clause) => boolean;
  platform?: NodeJS.Platform;
  today?: string;
}

export function runFactsOf(results: readonly TestResult[], platform: NodeJS.Platform): RunFacts {
  // what the results agree on; the per-clause summary is not needed for that
  const s = runLabels(results);
  return { target: s.target, egoVersion: s.egoVersion, persona: s.persona, platform };
}

/** The pure part: judge every selected clause; no files are touched. */
export function judgeRun(results: readonly TestResult[], loaded: LoadedExpectations | undefined, options: ApplyOptions): ExpectationsOutcome {
  const selected = options.selected ?? (() => true);
  const today = options.today ?? todayUtc();
  const original = results.map(originalResult);
  const run = runFactsOf(original, options.platform ?? process.platform);
  const entries = loaded?.entries ?? [];
  const byClause = new Map<string, TestResult[]>();
  for (const r of original) {
    const id = labelValue(r, LABEL.clause);
    if (id !== undefined) byClause.set(id, [...(byClause.get(id) ?? []), r]);
  }
  const judgements: ClauseJudgement[] = [];
  const expired: ExpectationsOutcome["expired"] = [];
  const clauses = options.catalogue.filter(selected);
  for (const clause of clauses) {
    const selection = entryFor(clause.id, run, entries, today);
    const judgement = judgeClause(clause.id, byClause.get(clause.id) ?? [], selection.entry);
    if (judgement.kind !== "none") judgements.push(judgement);
    if (!selection.entry && selection.expired.length > 0) expired.push({ clause: clause.id, entries: selection.expired });
  }
  const unused = entries.filter((e) => conditionsHold(e.entry.when, run) && !clauses.some((c) => matchesClause(e.entry.clause, c.id)));
  return { file: loaded?.file ?? null, run, judgements, expired, unused };
}

/** Judge the run in `resultsDir` and write the verdicts into its result files. */
export async function applyExpectations(resultsDir: string, loaded: LoadedExpectations | undefined, options: ApplyOptions): Promise<ExpectationsOutcome> {
  const files = await readResultFiles(resultsDir);
  const { outcome, changed } = applyExpectationsToFiles(files, loaded, options);
  for (const f of changed) await writeResultFile(f);
  return outcome;
}

/**
 * Judge a run's results as read (src/run/collect.ts) and write the verdicts into them in memory:
 * each changed file's raw JSON and typed result are replaced; returns the changed files, which
 * the caller writes back before anything else reads the directory.
 */
export function applyExpectationsToFiles(files: ResultFile[], loaded: LoadedExpectations | undefined, options: ApplyOptions): { outcome: ExpectationsOutcome; changed: ResultFile[] } {
  const outcome = judgeRun(files.map((f) => f.result), loaded, options);
  const verdicts = new Map<string, { verdict: ResultVerdict; entry: IndexedEntry }>();
  for (const j of outcome.judgements) for (const { result, verdict } of j.results) verdicts.set(result.file, { verdict, entry: j.entry! });
  const changed: ResultFile[] = [];
  for (const f of files) {
    const judged = verdicts.get(f.result.file);
    if (judged === undefined && labelValue(f.result, LABEL.expectation) === undefined) continue;
    rewriteRaw(f.raw as Parameters<typeof rewriteRaw>[0], judged && { ...judged, file: loaded?.file ?? "the expectations file" });
    f.result = reparseResultFile(f.result, f.raw);
    changed.push(f);
  }
  return { outcome, changed };
}
