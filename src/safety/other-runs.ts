/**
 * Runs may overlap on one browser: the invariance check leaves out the spaces the ledger records
 * for runs that overlapped this one, so neither run is blamed for the other's. Pure.
 */
import type { Json } from "../contract/arguments.js";
import type { LedgerView, ProcessAlive } from "./ledger.js";
import { runIdOfSpaceName } from "./run-id.js";
import { idKey } from "./listed-space.js";
import type { UserSpacesSnapshot } from "./user-space-changes.js";

export interface LeftOut {
  runId: string;
  id: Json;
  name: Json;
}

/**
 * The runs other than `self` that overlapped the window [since, until]; `liveAtSince`: the runs
 * that were live when the window opened (sampled then: LedgerView.liveRuns).
 */
export function overlappingRuns(view: LedgerView, self: string, since: Date, until: Date, alive?: ProcessAlive, liveAtSince: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  for (const run of view.runs.values()) {
    if (run.runId === self) continue;
    if (new Date(run.startedAt).getTime() > until.getTime()) continue;
    if (liveAtSince.has(run.runId)) {
      out.add(run.runId);
      continue;
    }
    const ended = run.endedAt !== undefined ? new Date(run.endedAt).getTime() : view.liveRun(run.runId, alive) ? Infinity : -Infinity;
    // a run that died without an end: its records still count when it started within the window
    const lastSeen = ended === -Infinity ? new Date(run.startedAt).getTime() : ended;
    if (lastSeen >= since.getTime()) out.add(run.runId);
  }
  return out;
}

export function withoutOtherRuns(snapshot: UserSpacesSnapshot, view: LedgerView, runs: ReadonlySet<string>): { snapshot: UserSpacesSnapshot; leftOut: LeftOut[] } {
  const leftOut: LeftOut[] = [];
  const spaces = snapshot.spaces.filter((s) => {
    const runId = runIdOfSpaceName(s.name);
    if (runId === null || !runs.has(runId)) return true;
    const recorded = (typeof s.name === "string" && view.namesOf(runId).has(s.name)) || view.spacesOf(runId).some((r) => idKey(r.id) === idKey(s.id));
    if (recorded) leftOut.push({ runId, id: s.id, name: s.name });
    return !recorded;
  });
  return { snapshot: { ...snapshot, spaces, count: spaces.length }, leftOut };
}
