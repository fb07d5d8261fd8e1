/**
 * Result objects as the bridge returns them (native-bindings-api.md). Older-build shapes are
 * chosen here, from the behaviour switches, and nowhere else.
 */
import type { Behaviour } from "../behaviour/behaviour.js";
import type { FakeApp } from "./app.js";
import { recentTabTitles } from "./tab-records.js";
import type { TaskSpace } from "./task-space.js";

/** A task-space id as returned: a number (a string "7" under the string-ids mutant). */
export function idOut(id: number, b: Behaviour): number | string {
  return b.stringIds ? String(id) : id;
}

/** `{taskId, id, name}` of createTaskSpace and claimTaskSpace; builds before numeric ids: `{taskId, name}`. */
export function taskSpaceRef(space: TaskSpace, b: Behaviour): Record<string, unknown> {
  return b.numericIds ? { taskId: space.name, id: idOut(space.id, b), name: space.name } : { taskId: space.name, name: space.name };
}

function listEntry(app: FakeApp, space: TaskSpace, b: Behaviour): Record<string, unknown> {
  const profile = app.profiles.byId(space.profileId);
  return {
    taskId: space.name,
    ...(b.numericIds ? { id: idOut(space.id, b) } : {}),
    name: space.name,
    createdBy: space.createdBy,
    // without the delegated-ownership feature a handed-off space was still listed as the agent's
    ownership: space.ownership === "agentDelegatedToUser" && !b.delegatedOwnership ? "agent" : space.ownership,
    ...(b.profiles && profile ? { profileId: profile.id, profileName: profile.name } : {}),
    recentTabTitles: recentTabTitles(space.tabs),
  };
}

/**
 * listTaskSpaces: `{taskSpaces:[...]}`. Builds before task-space-listing-v2 (2026-06-05) are
 * emulated with `{taskIds:[names]}`, one of the shapes the runtime accepted then (research 1.5).
 */
export function taskSpaceListing(app: FakeApp, b: Behaviour): Record<string, unknown> {
  const spaces = app.listed();
  if (!b.listingV2) return { taskIds: spaces.map((s) => s.name) };
  // the mutant listing-bookkeeping-moves (allowed): each entry also carries the build's own touchedAt, the app time of this listing
  const now = b.listingBookkeepingMoves ? app.now() : undefined;
  return { taskSpaces: spaces.map((s) => (now === undefined ? listEntry(app, s, b) : { ...listEntry(app, s, b), touchedAt: now })) };
}
