/**
 * What the matrix needs from a run's results beyond the per-clause summary: each clause's
 * not-applicable key, unspecified outcome and observation, searched in results already read and
 * validated. Nothing is read from disk.
 */
import { LABEL } from "../labels/labels.js";
import type { ResultFile } from "../report/results-reader.js";
import { UNSPECIFIED_OUTCOMES, type UnspecifiedOutcome } from "./status.js";

/** Observations longer than this are cut (the whole text stays in the Allure report). */
export const MAX_OBSERVATION_CHARS = 4000;

export interface ClauseExtras {
  notApplicable: string[];
  outcomes: UnspecifiedOutcome[];
  observed: string[];
}

interface RawResult {
  labels?: { name?: unknown; value?: unknown }[];
}

/** clause id -> extras, for every clause that has any, from result files already read (src/run/collect.ts). */
export function clauseExtrasOf(files: readonly ResultFile[]): Map<string, ClauseExtras> {
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
    for (const text of file.observations) pushDistinct(entry.observed, shorten(text.trim(), MAX_OBSERVATION_CHARS));
    if (entry.notApplicable.length + entry.outcomes.length + entry.observed.length > 0) extras.set(clause, entry);
  }
  return extras;
}

function pushDistinct<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
