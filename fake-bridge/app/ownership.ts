/**
 * Ownership and control transitions of a Space. Invariant: `control` is set only when ownership
 * is agentDelegatedToUser or user, and an agentDelegatedToUser space always has a control reason.
 */
import { MANUAL_TAKEOVER } from "../../src/contract/reason-keys.js";
import type { TaskSpace } from "./task-space.js";

/**
 * handOffTaskSpace. A space already handed off stays agentDelegatedToUser and keeps its reason
 * (clause task-spaces.hand-off.twice, research Q13).
 */
export function handOff(space: TaskSpace): void {
  space.ownership = "agentDelegatedToUser";
  space.control ??= { reason: MANUAL_TAKEOVER };
}

/** takeOverTaskSpace: back to the agent, control cleared; a no-op on an agent-owned space (Q13). */
export function takeOver(space: TaskSpace): void {
  space.ownership = "agent";
  space.control = null;
}

/** completeTaskSpace: agent task state removed, the Space stays with the user under the same id. */
export function complete(space: TaskSpace): void {
  space.ownership = "user";
  space.control = null;
  space.agentTaskState = null;
}

/**
 * claimTaskSpace(id, name?): any listed space becomes agent-owned (clause
 * task-spaces.claim.agent-owned, research Q11); id, profile, tabs and active tab are kept;
 * createdBy is kept (Q9). Claiming takes the space from the user, so a control block is cleared
 * as takeOverTaskSpace would. A given name (even "") renames; an omitted one keeps the name.
 */
export function claim(space: TaskSpace, name: string | undefined): void {
  space.ownership = "agent";
  space.control = null;
  if (name !== undefined) space.name = name;
}

/**
 * The user takes control (permission prompt, device chooser, GUI takeover): an agent-owned space
 * becomes agentDelegatedToUser; a user-owned space stays user. Either way it is blocked with the
 * reason, which is kept verbatim (unknown keys pass through).
 */
export function takeControl(space: TaskSpace, reason: string): void {
  if (space.ownership === "agent") space.ownership = "agentDelegatedToUser";
  space.control = { reason };
}

/** The user gives control back: a delegated space returns to the agent; a user-owned one stays user. */
export function returnControl(space: TaskSpace): void {
  if (space.ownership === "agentDelegatedToUser") space.ownership = "agent";
  space.control = null;
}
