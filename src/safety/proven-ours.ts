/**
 * Whether a listed task space is provably the harness's, for cleanup and sweep: its name carries a
 * run's prefix, the run's records know it, and createdBy is what the harness made it with. Pure; a
 * name alone proves nothing, and a run still live in another process keeps its spaces.
 */
import type { Json } from "../contract/arguments.js";
import type { CreatedBy, LedgerView, RunRecord } from "./ledger.js";
import { runIdOfSpaceName } from "./run-id.js";
import { idKey, type ListedSpace } from "./listed-space.js";

/** What one run recorded: the names it meant to use, the spaces it made. */
export interface RunRecords {
  names: ReadonlySet<string>;
  spaces: readonly { id: Json; name: string; createdBy: CreatedBy }[];
}

export type Ownership =
  /** recorded by its run, createdBy as made */
  | { kind: "recorded"; runId: string; by: "id" | "name" }
  /** the harness's name and createdBy agent, but no run recorded it: "looks like ours, not recorded" */
  | { kind: "unrecorded"; runId: string }
  /** the harness's name, but createdBy says somebody else made it (a user's Space named like ours) */
  | { kind: "not-agent"; runId: string; createdBy: Json }
  /** not a name the harness makes */
  | { kind: "foreign" };

/** How `records` know `space` (its name already checked): by id, by name, not at all, or made by someone else. */
export function matchRecords(space: ListedSpace, own: RunRecords): { kind: "recorded"; by: "id" | "name" } | { kind: "unrecorded" } | { kind: "not-agent"; createdBy: Json } {
  const byId = own.spaces.find((s) => idKey(s.id) === idKey(space.id));
  if (byId) {
    if (space.createdBy === byId.createdBy || space.createdBy === null) return { kind: "recorded", by: "id" };
    return { kind: "not-agent", createdBy: space.createdBy };
  }
  if (space.createdBy !== "agent") return { kind: "not-agent", createdBy: space.createdBy };
  if (typeof space.name === "string" && own.names.has(space.name)) return { kind: "recorded", by: "name" };
  return { kind: "unrecorded" };
}

export function ownershipOf(space: ListedSpace, records: (runId: string) => RunRecords): Ownership {
  const runId = runIdOfSpaceName(space.name);
  if (runId === null) return { kind: "foreign" };
  return { runId, ...matchRecords(space, records(runId)) };
}

/** The records of each run, as the ledger holds them. */
export function ledgerRecords(view: LedgerView): (runId: string) => RunRecords {
  return (runId) => ({ names: view.namesOf(runId), spaces: view.spacesOf(runId) });
}

export type SweepVerdict =
  | { kind: "closable"; runId: string; by: "id" | "name" }
  /** recorded for a run that is still live in another process: never swept */
  | { kind: "live"; runId: string; run: RunRecord }
  | { kind: "unrecorded"; runId: string }
  | { kind: "not-agent"; runId: string; createdBy: Json };

/** What sweep may do with a listed space of a harness-shaped name (null: not one). */
export function sweepVerdict(space: ListedSpace, view: LedgerView, alive?: (pid: number) => boolean): SweepVerdict | null {
  const own = ownershipOf(space, ledgerRecords(view));
  if (own.kind === "foreign") return null;
  if (own.kind !== "recorded") return own;
  const live = view.liveRun(own.runId, alive);
  if (live && live.pid !== process.pid) return { kind: "live", runId: own.runId, run: live };
  return { kind: "closable", runId: own.runId, by: own.by };
}
