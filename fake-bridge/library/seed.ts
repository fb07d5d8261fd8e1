/**
 * Seeding: the spaces a unit test starts from, made through the app's own transitions, so a seeded
 * space is one a build could have.
 */
import type { CreatedBy, Ownership } from "../../src/contract/ownership.js";
import type { FakeApp } from "../app/app.js";
import { claim, complete, handOff, takeControl } from "../app/ownership.js";
import type { TaskSpace } from "../app/task-space.js";
import { namedError } from "../../src/errors/named-error.js";

export interface SeedTab {
  url: string;
  title?: string;
}

export interface SeedSpace {
  /** a numeric id the app has not handed out yet; omitted: the next free one */
  id?: number;
  name: string;
  /** default `agent` */
  ownership?: Ownership;
  /** who made it; default `user` for a user-owned space, `agent` otherwise (a completed task is `agent` and `user`) */
  createdBy?: CreatedBy;
  /** one of the fake's profiles; default: the default profile */
  profileId?: string;
  /** the space's tabs; the last is active; omitted: one about:blank "New Tab" */
  tabs?: readonly SeedTab[];
  /**
   * The user is in control, for this reason key (manual_takeover, location, ...). Required
   * meaning for agentDelegatedToUser (default manual_takeover, as handOffTaskSpace sets); refused
   * for an agent-owned space, which the user's control would make agentDelegatedToUser.
   */
  userInControl?: string;
  /** the agent's progress text (setAgentTaskState) */
  taskState?: string;
}

export class SeedError extends namedError("SeedError", "bad-input") {}

function seedOne(app: FakeApp, seed: SeedSpace): TaskSpace {
  const ownership = seed.ownership ?? "agent";
  if (ownership === "agent" && seed.userInControl !== undefined) {
    throw new SeedError(`seed '${seed.name}': an agent-owned space cannot have the user in control (that space would be agentDelegatedToUser)`);
  }
  const profile = app.profiles.resolve(seed.profileId);
  if (profile === undefined) throw new SeedError(`seed '${seed.name}': no profile '${String(seed.profileId)}' (the fake's profiles: ${app.profiles.list().map((p) => p.id).join(", ")})`);
  const init = { name: seed.name, createdBy: seed.createdBy ?? (ownership === "user" ? "user" : "agent"), profile, ...(seed.tabs ? { tabs: seed.tabs } : {}) } as const;
  let space: TaskSpace;
  try {
    space = seed.id === undefined ? app.createSpace(init) : app.seedSpace(init, seed.id);
  } catch (error) {
    throw new SeedError(`seed '${seed.name}': ${(error as Error).message}`);
  }
  // from its creator's ownership to the seeded one, as a build gets there
  if (ownership !== "user" && init.createdBy === "user") claim(space, undefined);
  if (ownership === "user" && init.createdBy === "agent") complete(space);
  if (ownership === "agentDelegatedToUser") handOff(space);
  if (seed.userInControl !== undefined) takeControl(space, seed.userInControl);
  if (seed.taskState !== undefined) space.agentTaskState = seed.taskState;
  return space;
}

/**
 * Creates the seeded spaces; returns their ids in the order given. Spaces with an id are made
 * first, in id order (ids only grow), then the others.
 */
export function seedSpaces(app: FakeApp, seeds: readonly SeedSpace[]): number[] {
  const ids = new Map<SeedSpace, number>();
  const withId = seeds.filter((s) => s.id !== undefined).sort((a, b) => a.id! - b.id!);
  for (const seed of [...withId, ...seeds.filter((s) => s.id === undefined)]) ids.set(seed, seedOne(app, seed).id);
  return seeds.map((s) => ids.get(s)!);
}
