/**
 * The invariance check's data: every listed space that is not this run's, before and after the
 * run, and what changed between the two. Pure: the listing comes from src/safety/probe-listing.ts.
 */
import { isDeepStrictEqual } from "node:util";
import type { Json } from "../contract/arguments.js";
import { belongsToRun } from "./run-id.js";
import { idKey, SPACE_FIELDS, type ListedSpace, type Listing } from "./listed-space.js";

export interface UserSpacesSnapshot {
  /** ISO time the listing was taken */
  takenAt: string;
  runId: string;
  /** the spaces that are not the run's, in listing order */
  spaces: ListedSpace[];
  count: number;
}

export function userSpaces(listing: Listing & { ok: true }, runId: string, takenAt = new Date()): UserSpacesSnapshot {
  const spaces = listing.spaces.filter((s) => !belongsToRun(s.name, runId));
  return { takenAt: takenAt.toISOString(), runId, spaces, count: spaces.length };
}

export interface FieldChange {
  field: (typeof SPACE_FIELDS)[number];
  before: Json;
  after: Json;
}

export interface UserSpacesDiff {
  unchanged: boolean;
  countBefore: number;
  countAfter: number;
  /** listed before, gone after */
  removed: ListedSpace[];
  /** not the run's, listed after, absent before (a space the run made without its prefix, or the user's) */
  added: ListedSpace[];
  /** the same id, with different fields */
  changed: { id: Json; name: Json; changes: FieldChange[] }[];
}

export function diffUserSpaces(before: UserSpacesSnapshot, after: UserSpacesSnapshot): UserSpacesDiff {
  const afterById = new Map(after.spaces.map((s) => [idKey(s.id), s]));
  const beforeIds = new Set(before.spaces.map((s) => idKey(s.id)));
  const removed: ListedSpace[] = [];
  const changed: UserSpacesDiff["changed"] = [];
  for (const b of before.spaces) {
    const a = afterById.get(idKey(b.id));
    if (a === undefined) {
      removed.push(b);
      continue;
    }
    const changes = SPACE_FIELDS.filter((f) => !isDeepStrictEqual(b[f], a[f])).map((field) => ({ field, before: b[field], after: a[field] }));
    if (changes.length) changed.push({ id: b.id, name: b.name, changes });
  }
  const added = after.spaces.filter((s) => !beforeIds.has(idKey(s.id)));
  const unchanged = removed.length === 0 && added.length === 0 && changed.length === 0 && before.count === after.count;
  return { unchanged, countBefore: before.count, countAfter: after.count, removed, added, changed };
}

/** One line per difference, for the failure message. */
export function describeDiff(diff: UserSpacesDiff): string[] {
  const name = (s: { id: Json; name: Json }) => `${JSON.stringify(s.name)} (id ${JSON.stringify(s.id)})`;
  const lines: string[] = [];
  if (diff.countBefore !== diff.countAfter) lines.push(`count of spaces not the run's: ${diff.countBefore} before, ${diff.countAfter} after`);
  for (const s of diff.removed) lines.push(`removed: ${name(s)}, ownership ${JSON.stringify(s.ownership)}`);
  for (const s of diff.added) lines.push(`added: ${name(s)}, ownership ${JSON.stringify(s.ownership)}`);
  for (const c of diff.changed) {
    for (const ch of c.changes) lines.push(`changed: ${name(c)} ${ch.field}: ${JSON.stringify(ch.before)} -> ${JSON.stringify(ch.after)}`);
  }
  return lines;
}
