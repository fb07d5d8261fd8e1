/**
 * Which entry governs a clause in a run: among the entries whose pattern matches the clause and
 * whose conditions hold for the run, the LAST one in the file (Puppeteer's rule: put general
 * entries first and the narrower exceptions after them). Expired entries govern nothing: a
 * waiver past its day lapses, and the failure it covered is a failure again until the entry is
 * renewed; they are returned so the report can say why.
 */
import { conditionsHold, type RunFacts } from "./conditions.js";
import { isExpired } from "./dates.js";
import { matchesClause } from "./pattern.js";
import type { IndexedEntry } from "./schema.js";

export interface Selection {
  entry?: IndexedEntry;
  /** matching entries that would hold but have expired */
  expired: IndexedEntry[];
}

export function entryFor(clauseId: string, run: RunFacts, entries: readonly IndexedEntry[], today: string): Selection {
  const matching = entries.filter((e) => matchesClause(e.entry.clause, clauseId) && conditionsHold(e.entry.when, run));
  const live = matching.filter((e) => !isExpired(e.entry.expires, today));
  const entry = live.at(-1);
  return { ...(entry ? { entry } : {}), expired: matching.filter((e) => isExpired(e.entry.expires, today)) };
}
