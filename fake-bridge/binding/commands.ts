/**
 * From a validated argument list to the browser-side command it requests. One entry per
 * Promise-returning method; the two synchronous methods (useTaskSpace, sendCDPMessage) are built
 * by ./create-binding.ts. Preparing a command may still raise an ArgumentProblem (snapshot options).
 */
import type { MethodName } from "../../src/contract/methods.js";
import * as commands from "../app/commands/index.js";
import type { CommandContext } from "../app/commands/context.js";
import type { Outcome } from "../app/failures.js";
import type { SpaceKey } from "../app/task-space.js";
import type { Behaviour } from "../behaviour/behaviour.js";
import { parseSnapshotOptions } from "./snapshot-options.js";

export type SyncMethodName = "useTaskSpace" | "sendCDPMessage";
export type AsyncMethodName = Exclude<MethodName, SyncMethodName>;

export type Command = (ctx: CommandContext) => Outcome<unknown>;
type Prepare = (args: readonly unknown[], b: Behaviour) => Command;

const str = (v: unknown) => v as string;
const optStr = (v: unknown) => v as string | undefined;

export const PREPARE: Record<AsyncMethodName, Prepare> = {
  getBrowserVersion: () => (ctx) => commands.getBrowserVersion(ctx.app),
  listProfiles: () => (ctx) => commands.listProfiles(ctx.app),
  createTab: ([url]) => (ctx) => commands.createTab(ctx, str(url)),
  listTabs: () => (ctx) => commands.listTabs(ctx),
  snapshot: ([options], b) => {
    const parsed = parseSnapshotOptions(options, b);
    return (ctx) => commands.snapshot(ctx, parsed);
  },
  listTaskSpaces: () => (ctx) => commands.listTaskSpaces(ctx),
  createTaskSpace: ([name, profileId]) => (ctx) => commands.createTaskSpace(ctx, str(name), optStr(profileId)),
  // before numeric ids the single argument is the name to claim, and there is no rename
  claimTaskSpace: ([key, name], b) => (ctx) => commands.claimTaskSpace(ctx, key as SpaceKey, b.numericIds ? optStr(name) : undefined),
  closeTaskSpace: () => (ctx) => commands.closeTaskSpace(ctx),
  completeTaskSpace: () => (ctx) => commands.completeTaskSpace(ctx),
  handOffTaskSpace: () => (ctx) => commands.handOffTaskSpace(ctx),
  takeOverTaskSpace: () => (ctx) => commands.takeOverTaskSpace(ctx),
  setAgentTaskState: ([state]) => (ctx) => commands.setAgentTaskState(ctx, str(state)),
  animationHighlightMouseToPosition: ([x, y]) => (ctx) => commands.animationHighlightMouseToPosition(ctx, x as number, y as number),
};
