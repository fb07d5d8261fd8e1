/** The browser-side record of one Space (agent task space or regular user Space). */
import type { CreatedBy, Ownership } from "../../src/contract/ownership.js";
import type { Tab } from "./tab-records.js";

/** What a binding selects with useTaskSpace: a numeric id (or, on builds before numeric ids, a name). */
export type SpaceKey = number | string;

/** Why the user is in control: a reason key such as manual_takeover or location. */
export interface Control {
  readonly reason: string;
}

export interface TaskSpace {
  readonly id: number;
  /** display name; taskId is always a copy of it */
  name: string;
  /** who created the Space; never changes (research Q9: claim and complete keep it) */
  readonly createdBy: CreatedBy;
  ownership: Ownership;
  /** set while the user is in control; only ever set when ownership is not 'agent' */
  control: Control | null;
  readonly profileId: string;
  readonly tabs: Tab[];
  activeTargetId: string;
  /** the user-visible progress text (setAgentTaskState); completing removes it */
  agentTaskState: string | null;
  /** the last point animationHighlightMouseToPosition was asked to show */
  lastHighlight: { x: number; y: number } | null;
  /** closed but still listed until the close settles (closeDelayMs) */
  closing: boolean;
}

export function activeTab(space: TaskSpace): Tab {
  const tab = space.tabs.find((t) => t.targetId === space.activeTargetId);
  if (tab === undefined) throw new Error(`fake bridge invariant: space ${space.id} has no active tab`);
  return tab;
}
