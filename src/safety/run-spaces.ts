/**
 * Choosing spaces by name, for run cleanup and sweep. Pure: the listing comes in, the spaces to
 * close go out; nothing outside the run's prefix (cleanup) or the harness's name shape (sweep)
 * is ever chosen.
 */
import type { Json } from "../contract/arguments.js";
import { belongsToRun, runIdOfSpaceName, runIdTime } from "./run-id.js";
import type { ListedSpace } from "./space-listing.js";
import type { SpaceToClose } from "./close-spaces.js";

/** The spaces of run `runId` in a listing. */
export function spacesOfRun(spaces: readonly ListedSpace[], runId: string): SpaceToClose[] {
  return spaces.filter((s) => belongsToRun(s.name, runId)).map((s) => ({ id: s.id, name: s.name as string }));
}

export interface LeftoverRun {
  runId: string;
  /** when the run started (from its id), ISO; null if the id's timestamp is not a date */
  startedAt: string | null;
  spaces: (SpaceToClose & { ownership: Json })[];
}

/** Spaces left by earlier runs, grouped by run id (oldest first); `except` runs are left out. */
export function leftoverRuns(spaces: readonly ListedSpace[], options: { except?: readonly string[] } = {}): LeftoverRun[] {
  const runs = new Map<string, LeftoverRun>();
  for (const s of spaces) {
    const runId = runIdOfSpaceName(s.name);
    if (runId === null || options.except?.includes(runId)) continue;
    let run = runs.get(runId);
    if (!run) {
      run = { runId, startedAt: runIdTime(runId)?.toISOString() ?? null, spaces: [] };
      runs.set(runId, run);
    }
    run.spaces.push({ id: s.id, name: s.name as string, ownership: s.ownership });
  }
  return [...runs.values()].sort((a, b) => a.runId.localeCompare(b.runId));
}
