/**
 * Which entry governs a clause in a run: the LAST matching one in the file (Puppeteer's rule: general
 * entries first, exceptions after). An expired entry governs nothing, so its failure is a failure
 * again until renewed.
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
