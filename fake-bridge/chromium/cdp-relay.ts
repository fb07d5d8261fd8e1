/**
 * One script invocation's raw CDP channel to the real browser: messages go to Chromium unchanged over
 * its DevTools WebSocket on 127.0.0.1, and what crosses the selected space's boundary is refused or
 * withheld by the rules of ./cdp-rules.ts.
 */
import { createRequire } from "node:module";
import type { ProfileBrowser, TargetInfo } from "./browser-pool.js";
import {
  AUTO_ATTACH_SOURCE,
  BROWSER_WIDE,
  CONTEXT_PARAM_METHODS,
  NO_SUCH_SESSION,
  NO_SUCH_TARGET,
  NOT_ALLOWED,
  TARGET_PARAM_METHODS,
  UNAVAILABLE,
  UNKNOWN_METHOD,
  type Refusal,
} from "./cdp-rules.js";
import type { SpaceContext } from "./space-pages.js";
import type { CdpMutants } from "../behaviour/behaviour.js";
import { withBound } from "./bound.js";

/** The browser context of the page that runs frame `frameId` in its own process, among `contexts` (./space-pages.ts frameContext). */
export type FrameOwner = (frameId: string, contexts: ReadonlySet<string>) => Promise<string | undefined>;

/** Target `targetId` of the space was closed: it leaves the listing, and this waits, at most `boundMs`, until it is gone (./space-pages.ts targetClosed). */
export type TargetClosed = (space: SpaceContext, targetId: string, boundMs: number) => Promise<boolean>;

/**
 * How long Target.closeTarget's answer may wait for the target to go. Chromium answers the close
 * before the page is torn down (a page still navigating may stay for seconds), and a runtime that
 * closes a tab polls listTabs for 2 s for it to leave: the listing drops it at the answer, and
 * waiting for the teardown keeps Target.getTargets and the target's sessions true to it too.
 */
const CLOSE_SETTLE_BOUND_MS = 1_500;

/** How long deciding whose frame began a download may take before it counts as not the space's. */
const FRAME_OWNER_BOUND_MS = 3_000;

interface WsLike {
  on(event: "open", listener: () => void): void;
  on(event: "message", listener: (data: unknown) => void): void;
  on(event: "close", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  send(data: string): void;
  close(): void;
  readyState: number;
}
type WsClient = new (url: string, options?: Record<string, unknown>) => WsLike;
let wsClient: WsClient | undefined;
/** Playwright's bundled `ws` (an exported subpath of playwright-core; Node 20 has no WebSocket client), loaded on first use. */
function webSocketClient(): WsClient {
  wsClient ??= (createRequire(import.meta.url)("playwright-core/lib/utilsBundle") as { ws: WsClient }).ws;
  return wsClient;
}

/** What the build (persona and mutant plan) changes on the channel. */
export interface RelayOptions {
  browserGetVersion: boolean;
  mutants?: Partial<CdpMutants>;
}

export interface CdpMessage {
  id: number;
  method: string;
  params?: Record<string, unknown>;
  sessionId?: string;
}

interface Connection {
  profile: ProfileBrowser;
  ws: WsLike;
  pending: Map<number, ((text: string) => void)[]>;
}

/** Whether Chromium's answer to Target.closeTarget says the close was made. */
function closedOk(text: string): boolean {
  try {
    const answer = JSON.parse(text) as { result?: { success?: unknown } };
    return answer.result !== undefined && answer.result.success !== false;
  } catch {
    return false;
  }
}

export class CdpRelay {
  private readonly connections = new Map<string, Promise<Connection>>();
  /** sessions this invocation attached: sessionId -> space id */
  private readonly sessions = new Map<string, number>();
  /** contexts of the spaces this invocation sent for, and the targets it was told about */
  private readonly contexts = new Map<string, number>();
  private readonly targets = new Map<string, string>();
  /** downloads a frame of this invocation's spaces began (guid), from their begin until they end */
  private readonly downloads = new Set<string>();
  private closed = false;
  /** the cdp-targets-unscoped mutant */
  private unscoped = false;

  /** download events wait here for the ones before them */
  private downloadEvents: Promise<void> = Promise.resolve();

  constructor(
    private readonly deliverEvent: (text: string) => void,
    private readonly frameOwner?: FrameOwner,
    /** the mutant cdp-restarts-on-new-invocation: this invocation's first message in space `spaceId` */
    private readonly enteredSpace?: (relay: CdpRelay, spaceId: number) => void,
    private readonly targetClosed?: TargetClosed,
  ) {}

  /** Whether this invocation holds a session it attached in space `spaceId`. */
  holdsSessionIn(spaceId: number): boolean {
    return [...this.sessions.values()].includes(spaceId);
  }

  /**
   * The mutant cdp-restarts-on-new-invocation: the browser's DevTools connections of this invocation
   * restart, as a relaunched browser's would: its sessions end; later messages open new connections.
   */
  restart(): void {
    for (const ready of this.connections.values()) void ready.then((c) => c.ws.close()).catch(() => {});
    this.connections.clear();
    this.sessions.clear();
  }

  /** Forwards one message for the selected space; resolves with the response text to deliver. */
  async forward(space: SpaceContext, message: CdpMessage, raw: string, options: RelayOptions): Promise<string> {
    if (options.mutants?.restartsOnNewInvocation && !this.contexts.has(space.browserContextId)) this.enteredSpace?.(this, space.spaceId);
    this.contexts.set(space.browserContextId, space.spaceId);
    const refusal = await this.check(space, message, options);
    this.unscoped = options.mutants?.targetsUnscoped === true;
    if (refusal !== undefined) return JSON.stringify({ id: message.id, error: { code: refusal.code, message: refusal.message }, ...(message.sessionId !== undefined ? { sessionId: message.sessionId } : {}) });
    const outgoing = this.rewrite(space, message, raw);
    const connection = await this.connect(space.profile);
    const text = await new Promise<string>((resolve) => {
      const waiting = connection.pending.get(message.id) ?? [];
      waiting.push(resolve);
      connection.pending.set(message.id, waiting);
      connection.ws.send(outgoing);
    });
    if (message.sessionId === undefined && message.method === "Target.closeTarget" && typeof message.params?.targetId === "string" && this.targetClosed !== undefined && closedOk(text)) {
      await this.targetClosed(space, message.params.targetId, CLOSE_SETTLE_BOUND_MS);
    }
    return this.answer(space, message, text);
  }

  private async check(space: SpaceContext, message: CdpMessage, options: RelayOptions): Promise<Refusal | undefined> {
    const { method, params = {}, sessionId } = message;
    const mutants = options.mutants ?? {};
    if (sessionId !== undefined) {
      const owner = this.sessions.get(sessionId);
      return owner === space.spaceId || (mutants.sessionCrossesSpaces && owner !== undefined) ? undefined : NO_SUCH_SESSION();
    }
    if (method === "Browser.getVersion" && !options.browserGetVersion) return UNKNOWN_METHOD(method, "the build's persona: CDP Browser.getVersion is reported unsupported (feature cdp-browser-getversion)");
    if (UNAVAILABLE[method] !== undefined && !(method === "Browser.grantPermissions" && mutants.grantPermissionsForwarded)) return UNKNOWN_METHOD(method, UNAVAILABLE[method]!);
    if (BROWSER_WIDE[method] !== undefined && !(method === "Browser.resetPermissions" && params.browserContextId === space.browserContextId)) {
      return NOT_ALLOWED(BROWSER_WIDE[method]!);
    }
    if (method === "Target.setAutoAttach" && params.autoAttach !== false) return NOT_ALLOWED(AUTO_ATTACH_SOURCE);
    if (method === "Target.sendMessageToTarget" || method === "Target.detachFromTarget") {
      const sid = params.sessionId;
      if (typeof sid === "string") return this.sessions.get(sid) === space.spaceId ? undefined : NO_SUCH_SESSION();
      if (typeof params.targetId === "string" && !(await this.inSpace(space, params.targetId))) return NO_SUCH_TARGET();
      return undefined;
    }
    if (TARGET_PARAM_METHODS.has(method) && typeof params.targetId === "string") {
      if (!mutants.attachCrossesSpaces && !(await this.inSpace(space, params.targetId))) return NO_SUCH_TARGET();
      this.targets.set(params.targetId, space.browserContextId);
    }
    if (method === "Target.getTargetInfo" && params.targetId === undefined) return NOT_ALLOWED("isolation: the browser target is not a space's");
    if (CONTEXT_PARAM_METHODS.has(method) && params.browserContextId !== undefined && params.browserContextId !== space.browserContextId) {
      return NOT_ALLOWED("isolation: another space's or the user's browser context");
    }
    return undefined;
  }

  private async inSpace(space: SpaceContext, targetId: string): Promise<boolean> {
    try {
      const { targetInfo } = (await space.profile.admin.send("Target.getTargetInfo", { targetId })) as { targetInfo: TargetInfo };
      return targetInfo.browserContextId === space.browserContextId;
    } catch {
      return false;
    }
  }

  /** The message as sent: unchanged, except the space's browserContextId where omitting it would mean the user's context. */
  private rewrite(space: SpaceContext, message: CdpMessage, raw: string): string {
    if (message.sessionId === undefined && CONTEXT_PARAM_METHODS.has(message.method) && message.params?.browserContextId === undefined) {
      return JSON.stringify({ ...message, params: { ...(message.params ?? {}), browserContextId: space.browserContextId } });
    }
    return raw;
  }

  /** The response as delivered: unchanged, except Target.getTargets lists only the space's targets. */
  private answer(space: SpaceContext, message: CdpMessage, text: string): string {
    if (message.sessionId !== undefined) return text;
    let response: { result?: Record<string, unknown> };
    try {
      response = JSON.parse(text) as typeof response;
    } catch {
      return text;
    }
    if (message.method === "Target.getTargets" && Array.isArray(response.result?.targetInfos)) {
      const infos = (response.result.targetInfos as TargetInfo[]).filter((t) => this.unscoped || (t.browserContextId === space.browserContextId && t.type !== "browser_ui"));
      for (const t of infos) this.targets.set(t.targetId, space.browserContextId);
      return JSON.stringify({ ...response, result: { ...response.result, targetInfos: infos } });
    }
    if (message.method === "Target.attachToTarget" && typeof response.result?.sessionId === "string") {
      this.sessions.set(response.result.sessionId, space.spaceId);
    }
    return text;
  }

  private connect(profile: ProfileBrowser): Promise<Connection> {
    let ready = this.connections.get(profile.profileId);
    if (ready === undefined) {
      ready = new Promise<Connection>((resolve, reject) => {
        const WebSocketClient = webSocketClient();
        const ws = new WebSocketClient(profile.endpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
        const connection: Connection = { profile, ws, pending: new Map() };
        ws.on("open", () => resolve(connection));
        ws.on("error", (error) => reject(error));
        ws.on("close", () => {
          // the browser went away: every waiting send gets Chromium's answer for a lost target
          for (const [id, waiting] of connection.pending) for (const resolve of waiting) resolve(JSON.stringify({ id, error: { code: -32000, message: "Target closed" } }));
          connection.pending.clear();
          this.connections.delete(profile.profileId);
        });
        ws.on("message", (data) => this.received(connection, String(data)));
      });
      this.connections.set(profile.profileId, ready);
      ready.catch(() => this.connections.delete(profile.profileId));
    }
    return ready;
  }

  private received(connection: Connection, text: string): void {
    let message: { id?: unknown; method?: string; params?: Record<string, unknown>; sessionId?: string };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.id === "number" && connection.pending.has(message.id)) {
      const waiting = connection.pending.get(message.id as number)!;
      const resolve = waiting.shift()!;
      if (waiting.length === 0) connection.pending.delete(message.id as number);
      resolve(text);
      return;
    }
    if (this.closed || typeof message.method !== "string") return;
    const event = message as { method: string; params?: Record<string, unknown>; sessionId?: string };
    if (event.sessionId === undefined && event.method.startsWith("Browser.download")) {
      this.downloadEvents = this.downloadEvents
        .then(async () => {
          if ((await this.showsDownload(connection.profile, event)) && !this.closed) this.deliverEvent(text);
        })
        .catch(() => undefined); // one event's failure must not hold back the ones after it
      return;
    }
    if (this.shows(event)) this.deliverEvent(text);
  }

  /** Whether a browser-level download event is this invocation's: a download a frame of its spaces began. */
  private async showsDownload(profile: ProfileBrowser, event: { method: string; params?: Record<string, unknown> }): Promise<boolean> {
    const { guid, frameId } = event.params ?? {};
    if (typeof guid !== "string") return false;
    if (event.method !== "Browser.downloadWillBegin") {
      const known = this.downloads.has(guid);
      if (known && event.method === "Browser.downloadProgress" && event.params?.state !== "inProgress") this.downloads.delete(guid);
      return known;
    }
    if (typeof frameId !== "string") return false;
    const ours = this.targets.has(frameId) || (await withBound(this.frameInSpaces(profile, frameId), FRAME_OWNER_BOUND_MS)) === true;
    if (ours) this.downloads.add(guid);
    return ours;
  }

  private async frameInSpaces(profile: ProfileBrowser, frameId: string): Promise<boolean> {
    // a page's or an out-of-process iframe's frame is a target of its own
    const info = (await profile.admin.send("Target.getTargetInfo", { targetId: frameId }).catch(() => undefined)) as { targetInfo?: TargetInfo } | undefined;
    const context = info?.targetInfo?.browserContextId;
    if (context !== undefined) return this.contexts.has(context);
    // a frame in its page's process: the owner is looked for among this invocation's contexts only
    return (await this.frameOwner?.(frameId, new Set(this.contexts.keys()))) !== undefined;
  }

  /** Whether an event is this invocation's to see. */
  private shows(event: { method: string; params?: Record<string, unknown>; sessionId?: string }): boolean {
    const params = event.params ?? {};
    if (event.sessionId !== undefined) {
      const space = this.sessions.get(event.sessionId);
      if (space === undefined) return false;
      if (event.method === "Target.attachedToTarget" && typeof params.sessionId === "string") this.sessions.set(params.sessionId, space);
      if (event.method === "Target.detachedFromTarget" && typeof params.sessionId === "string") this.sessions.delete(params.sessionId);
      return true;
    }
    const info = params.targetInfo as TargetInfo | undefined;
    switch (event.method) {
      case "Target.targetCreated":
      case "Target.targetInfoChanged": {
        if (info === undefined || info.browserContextId === undefined || !this.contexts.has(info.browserContextId) || info.type === "browser_ui") return false;
        this.targets.set(info.targetId, info.browserContextId);
        return true;
      }
      case "Target.attachedToTarget": {
        if (info === undefined || info.browserContextId === undefined || !this.contexts.has(info.browserContextId)) return false;
        if (typeof params.sessionId === "string") this.sessions.set(params.sessionId, this.contexts.get(info.browserContextId)!);
        this.targets.set(info.targetId, info.browserContextId);
        return true;
      }
      case "Target.targetDestroyed":
      case "Target.targetCrashed": {
        const known = typeof params.targetId === "string" && this.targets.has(params.targetId);
        if (known && event.method === "Target.targetDestroyed") this.targets.delete(params.targetId as string);
        return known;
      }
      case "Target.detachedFromTarget":
      case "Target.receivedMessageFromTarget": {
        const sid = params.sessionId;
        if (typeof sid !== "string" || !this.sessions.has(sid)) return false;
        if (event.method === "Target.detachedFromTarget") this.sessions.delete(sid);
        return true;
      }
      default:
        return typeof params.frameId === "string" && this.targets.has(params.frameId);
    }
  }

  /** Ends the invocation's connections (its sessions end with them). */
  close(): void {
    this.closed = true;
    for (const ready of this.connections.values()) void ready.then((c) => c.ws.close()).catch(() => {});
    this.connections.clear();
    this.sessions.clear();
  }
}
