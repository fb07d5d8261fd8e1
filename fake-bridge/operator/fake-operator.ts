/**
 * The human at the fake browser: acts on the shared app directly, as a person in the UI would. Its own
 * misuse rejects with a plain Error: a harness bug, not a contract outcome.
 */
import type { Operator, UserSpaceOptions } from "../../src/contract/operator.js";
import type { FakeApp } from "../app/app.js";
import { returnControl, takeControl } from "../app/ownership.js";
import { idOut } from "../app/results.js";
import { answerPrompt } from "../app/prompts.js";
import type { SpaceKey, TaskSpace } from "../app/task-space.js";

export class FakeOperator implements Operator {
  constructor(private readonly app: FakeApp) {}

  /**
   * Ids come back as the build handed them out (a string "7" under the string-ids mutants): the
   * person at the browser finds the space whatever the bridge's own validation takes back.
   */
  private space(id: number): TaskSpace {
    const key = this.app.behaviour.stringIds && typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
    const space = this.app.locate(key as SpaceKey);
    if (space === undefined) throw new Error(`operator: Task space not found: ${id}`);
    return space;
  }

  /** A regular Space made in the UI: createdBy 'user', ownership 'user'. Given tabs replace the default tab; the last one is active. */
  async createUserSpace(name: string, options: UserSpaceOptions = {}): Promise<{ id: number }> {
    const profile = this.app.profiles.resolve(options.profileId);
    if (profile === undefined) throw new Error(`operator: Profile not found: ${String(options.profileId)}`);
    const space = this.app.createSpace({ name, createdBy: "user", profile, ...(options.tabs ? { tabs: options.tabs } : {}) });
    return { id: idOut(space.id, this.app.behaviour) as number };
  }

  /**
   * The user takes control for `reason` (any string; unknown keys pass through verbatim): an
   * agent-owned space becomes agentDelegatedToUser, a user-owned one stays user; both are blocked.
   */
  async takeControl(id: number, reason: string): Promise<void> {
    const space = this.space(id);
    takeControl(space, reason);
    this.app.changedHands(space);
  }

  /** The user gives control back: a delegated space returns to the agent and is unblocked. */
  async returnControl(id: number): Promise<void> {
    const space = this.space(id);
    returnControl(space);
    this.app.changedHands(space);
  }

  /** Answers the space's oldest open prompt (fake-bridge/app/prompts.ts); false when there is none. */
  async answerPrompt(id: number, answer: { accept: boolean; promptText?: string }): Promise<boolean> {
    return answerPrompt(this.app.prompts, this.space(id), answer);
  }

  /** Closing a Space in the UI; eventually consistent like closeTaskSpace (the behaviour's closeDelayMs). */
  async closeUserSpace(id: number): Promise<void> {
    this.app.close(this.space(id));
  }
}
