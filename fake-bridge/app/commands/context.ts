/** What a browser-side command sees of the call: the app, and the calling invocation's selection. */
import type { MethodName } from "../../../src/contract/methods.js";
import { accessTaskSpace } from "../access.js";
import type { FakeApp } from "../app.js";
import type { Outcome } from "../failures.js";
import type { MaybePromise } from "../serial.js";
import type { SpaceKey, TaskSpace } from "../task-space.js";

export interface CommandContext {
  readonly app: FakeApp;
  /** the selection captured when the call was made (the request carries it to the browser) */
  readonly selection: SpaceKey | undefined;
  /** changes the calling invocation's selection (used only by the claim-selects mutant) */
  select(key: SpaceKey): void;
  /** the racy-create-ids mutant: the next space id as read when the request arrived */
  readonly staleSpaceId?: number;
}

/** Runs a task-scoped command on the selected space, after the access checks of ../access.ts. */
export function onSelectedSpace<T>(ctx: CommandContext, method: MethodName, run: (space: TaskSpace) => Outcome<T>): Outcome<T>;
export function onSelectedSpace<T>(ctx: CommandContext, method: MethodName, run: (space: TaskSpace) => MaybePromise<Outcome<T>>): MaybePromise<Outcome<T>>;
export function onSelectedSpace<T>(ctx: CommandContext, method: MethodName, run: (space: TaskSpace) => MaybePromise<Outcome<T>>): MaybePromise<Outcome<T>> {
  const access = accessTaskSpace(ctx.app, ctx.selection, method);
  return access.ok ? run(access.value) : access;
}
