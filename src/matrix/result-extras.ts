/**
 * What the matrix needs from a results directory beyond the per-clause summary: for each clause,
 * the `not_applicable` key, the `unspecified_outcome` label, and the observation a run attaches
 * when an unspecified clause differs from the fake's choice (an attachment of the result or of one
 * of its steps, named "observed ...", stored as a file next to the result).
 *
 * The result files were already validated when read (readResultFiles); here their raw JSON is
 * only searched, so fields that are absent are simply not found.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LABEL } from "../labels/labels.js";
import { readResultFiles, type ResultFile } from "../report/results-reader.js";
import { UNSPECIFIED_OUTCOMES, type UnspecifiedOutcome } from "./status.js";

/** The name the harness gives the observation of an unspecified clause (src/harness/clause.ts). */
export const OBSERVATION_ATTACHMENT = /^observed\b/;

/** Observations longer than this are cut (the whole text stays in the Allure report). */
export const MAX_OBSERVATION_CHARS = 4000;

export interface ClauseExtras {
  notApplicable: string[];
  outcomes: UnspecifiedOutcome[];
  observed: string[];
}

interface RawAttachment {
  name?: unknown;
  source?: unknown;
}

interface RawStep {
  attachments?: RawAttachment[];
  steps?: RawStep[];
}

interface RawResult extends RawStep {
  labels?: { name?: unknown; value?: unknown }[];
}

/** clause id -> extras, for every clause that has any. */
export async function readClauseExtras(resultsDir: string): Promise<Map<string, ClauseExtras>> {
  return clauseExtrasOf(await readResultFiles(resultsDir), resultsDir);
}

/** The same, from result files already read (src/run/collect.ts); only the observation attachments are read here. */
export async function clauseExtrasOf(files: readonly ResultFile[], resultsDir: string): Promise<Map<string, ClauseExtras>> {
  const extras = new Map<string, ClauseExtras>();
  for (const file of files) {
    const raw = file.raw as RawResult;
    const label = (wanted: string) => raw.labels?.find((l) => l.name === wanted)?.value;
    const clause = label(LABEL.clause);
    if (typeof clause !== "string") continue;
    const entry = extras.get(clause) ?? { notApplicable: [], outcomes: [], observed: [] };
    const reason = label(LABEL.notApplicable);
    if (typeof reason === "string") pushDistinct(entry.notApplicable, reason);
    const outcome = label(LABEL.unspecifiedOutcome);
    if (typeof outcome === "string" && (UNSPECIFIED_OUTCOMES as readonly string[]).includes(outcome)) {
      pushDistinct(entry.outcomes, outcome as UnspecifiedOutcome);
    }
    for (const source of observationSources(raw)) {
      const text = await readFile(join(resultsDir, source), "utf8").catch(() => undefined);
      if (text !== undefined) pushDistinct(entry.observed, shorten(text.trim(), MAX_OBSERVATION_CHARS));
    }
    if (entry.notApplicable.length + entry.outcomes.length + entry.observed.length > 0) extras.set(clause, entry);
  }
  return extras;
}

function observationSources(step: RawStep): string[] {
  const own = (step.attachments ?? [])
    .filter((a) => typeof a.name === "string" && OBSERVATION_ATTACHMENT.test(a.name) && typeof a.source === "string")
    .map((a) => a.source as string)
    // the source is a file name in the results directory, never a path out of it
    .filter((source) => !source.includes("/") && !source.includes("\\"));
  return [...own, ...(step.steps ?? []).flatMap(observationSources)];
}

function pushDistinct<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
