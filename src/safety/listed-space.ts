/**
 * Reading `listTaskSpaces()` results for the safety checks: what the build listed, entry by entry,
 * kept as the JSON values it returned (an id stays whatever type the build gave it).
 */
import type { Json } from "../contract/arguments.js";

export interface ListedSpace {
  id: Json;
  name: Json;
  ownership: Json;
  createdBy: Json;
  profileId: Json;
  profileName: Json;
  recentTabTitles: Json;
}

export type Listing = { ok: true; spaces: ListedSpace[] } | { ok: false; reason: string };

/** The fields the invariance check compares, in this order. */
export const SPACE_FIELDS = ["id", "name", "ownership", "createdBy", "profileId", "profileName", "recentTabTitles"] as const;

/** What a probe saw from listTaskSpaces(), as a listing or the reason it is none. */
export function readListing(value: unknown): Listing {
  const spaces = (value as { taskSpaces?: unknown } | null)?.taskSpaces;
  if (typeof value !== "object" || value === null || !Array.isArray(spaces)) {
    return { ok: false, reason: `listTaskSpaces() did not resolve {taskSpaces: [...]}: ${JSON.stringify(value ?? null).slice(0, 300)}` };
  }
  const out: ListedSpace[] = [];
  for (const entry of spaces) {
    if (typeof entry !== "object" || entry === null) return { ok: false, reason: `listTaskSpaces() listed a non-object entry: ${JSON.stringify(entry)}` };
    const e = entry as Record<string, Json | undefined>;
    out.push({
      id: e.id ?? null,
      name: e.name ?? null,
      ownership: e.ownership ?? null,
      createdBy: e.createdBy ?? null,
      profileId: e.profileId ?? null,
      profileName: e.profileName ?? null,
      recentTabTitles: e.recentTabTitles ?? null,
    });
  }
  return { ok: true, spaces: out };
}

/** A stable key for a space id of any JSON type (7 and "7" stay different). */
export function idKey(id: Json): string {
  return JSON.stringify(id);
}
