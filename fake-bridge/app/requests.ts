/**
 * What a binding asks of the browser, as JSON data carrying the caller's selection at call time, so
 * that the same request travels in process or over the fake app server's socket; `executeRequest` answers it.
 */
import type { MethodName } from "../../src/contract/methods.js";
import type { FakeApp } from "./app.js";
import { prepareRealCdp, sendCdpMessage } from "./cdp.js";
import type { CdpRelay } from "../chromium/cdp-relay.js";
import * as commands from "./commands/index.js";
import type { CommandContext } from "./commands/context.js";
import { ok, type Outcome } from "./failures.js";
import { isPromise, type MaybePromise } from "./serial.js";
import type { SnapshotOptions } from "./snapshot-shape.js";
import type { SpaceKey } from "./task-space.js";

export type SyncMethodName = "useTaskSpace" | "sendCDPMessage";
export type AsyncMethodName = Exclude<MethodName, SyncMethodName>;

export type BridgeRequest =
  | { readonly kind: "command"; readonly method: AsyncMethodName; readonly args: readonly unknown[]; readonly selection: SpaceKey | undefined }
  | { readonly kind: "cdp"; readonly raw: string; readonly selection: SpaceKey | undefined };

/**
 * The browser's answer. `select` changes the calling invocation's selection (only the
 * claim-selects mutant does); `crash` is a fake-bridge bug surfacing, never a contract outcome.
 */
export type BridgeResponse = { readonly outcome: Outcome<unknown>; readonly select?: SpaceKey } | { readonly crash: unknown };

/** One script invocation, as the browser sees it: its raw CDP channel (opened on first use). */
export interface Invocation {
  relay(): CdpRelay;
}

type Run = (ctx: CommandContext, args: readonly unknown[]) => MaybePromise<Outcome<unknown>>;

const str = (v: unknown) => v as string;
const optStr = (v: unknown) => v as string | undefined;

const COMMANDS: Record<AsyncMethodName, Run> = {
  getBrowserVersion: (ctx) => commands.getBrowserVersion(ctx.app),
  listProfiles: (ctx) => commands.listProfiles(ctx.app),
  createTab: (ctx, [url]) => commands.createTab(ctx, str(url)),
  listTabs: (ctx) => commands.listTabs(ctx),
  snapshot: (ctx, [options]) => commands.snapshot(ctx, options as SnapshotOptions),
  listTaskSpaces: (ctx) => commands.listTaskSpaces(ctx),
  createTaskSpace: (ctx, [name, profileId]) => commands.createTaskSpace(ctx, name, optStr(profileId)),
  // before numeric ids the single argument is the name to claim, and there is no rename
  claimTaskSpace: (ctx, [key, name]) => commands.claimTaskSpace(ctx, key as SpaceKey, ctx.app.behaviour.numericIds ? optStr(name) : undefined),
  closeTaskSpace: (ctx) => commands.closeTaskSpace(ctx),
  completeTaskSpace: (ctx) => commands.completeTaskSpace(ctx),
  handOffTaskSpace: (ctx) => commands.handOffTaskSpace(ctx),
  takeOverTaskSpace: (ctx) => commands.takeOverTaskSpace(ctx),
  setAgentTaskState: (ctx, [state]) => commands.setAgentTaskState(ctx, str(state)),
  animationHighlightMouseToPosition: (ctx, [x, y]) => commands.animationHighlightMouseToPosition(ctx, x as number, y as number),
};

export function isAsyncMethodName(name: unknown): name is AsyncMethodName {
  return typeof name === "string" && Object.prototype.hasOwnProperty.call(COMMANDS, name);
}

/**
 * What the app read when a request arrived, before it answers it (a later turn in process, a
 * later moment over the socket). Only the racy-create-ids mutant reads anything early: the next
 * space id, so creates that overlap in time get the same one. `deferMs`: how long a server waits
 * before answering, so that creates from separate processes overlap as they would on such a host.
 */
export interface Arrival {
  readonly staleSpaceId?: number;
  readonly deferMs?: number;
}

/** The racy-create-ids mutant's window between reading the next id and writing it back (over the socket). */
export const RACY_CREATE_WINDOW_MS = 150;

export function receiveRequest(app: FakeApp, request: BridgeRequest): Arrival {
  if (!app.behaviour.racyCreateIds || request.kind !== "command" || request.method !== "createTaskSpace") return {};
  return { staleSpaceId: app.peekSpaceId(), deferMs: RACY_CREATE_WINDOW_MS };
}

/**
 * Answers one request against the app, after the requests received before it (../serial.ts):
 * synchronously with the page model, as a Promise when a command waits on Chromium. Throws (or
 * rejects) only on a fake-bridge bug.
 */
export function executeRequest(app: FakeApp, request: BridgeRequest, invocation?: Invocation, arrival: Arrival = {}): MaybePromise<BridgeResponse> {
  let select: SpaceKey | undefined;
  // the idle-spaces-close mutant: spaces idle for too long (app time) are gone before anything is answered
  if (app.behaviour.idleSpacesClose) app.closeIdleSpaces();
  const ctx: CommandContext = {
    app,
    selection: request.selection,
    select: (key) => {
      select = key;
    },
    ...(arrival.staleSpaceId !== undefined ? { staleSpaceId: arrival.staleSpaceId } : {}),
  };
  const respond = (outcome: Outcome<unknown>): BridgeResponse => {
    // a request on the selected space touches it: it is not idle (listing touches nothing)
    const selected = request.selection === undefined ? undefined : app.locate(request.selection);
    if (selected !== undefined) app.touch(selected);
    return select === undefined ? { outcome } : { outcome, select };
  };
  if (request.kind === "cdp" && app.pages !== undefined && invocation !== undefined) {
    // checks in request order; the send's answer whenever Chromium gives it
    return Promise.resolve(app.queue.run(() => prepareRealCdp(ctx, request.raw, invocation.relay()))).then((prepared) =>
      prepared.ok ? prepared.value().then((text) => respond(ok(text))) : respond(prepared),
    );
  }
  return app.queue.run(() => {
    const outcome = request.kind === "cdp" ? sendCdpMessage(ctx, request.raw) : COMMANDS[request.method](ctx, request.args);
    return isPromise(outcome) ? outcome.then(respond) : respond(outcome);
  });
}
