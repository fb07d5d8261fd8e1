/**
 * Real pages for one fake app's spaces: each task space is its own browser context, so cookies and
 * storage never cross spaces. A space gets its context on the first call that needs a page, so clauses
 * that never touch a page pay nothing; tab facts then come from the browser.
 */
import type { CdpEvent, CdpSend } from "./cdp-pipe.js";
import { profileBrowser, type AttachedTarget, type ProfileBrowser, type TargetInfo } from "./browser-pool.js";
import { withBound } from "./bound.js";
import type { FrameCdp, PageCdp } from "./page-cdp.js";
import { RefIds } from "./ref-ids.js";

export interface RealTab {
  targetId: string;
  url: string;
  title: string;
}

/** What a page asked of the user: a JS dialog, or a permission prompt (geolocation). */
export type Prompt =
  | { kind: "dialog"; targetId: string; dialogType: string; message: string; url: string; answer(accept: boolean, promptText?: string): Promise<void> }
  | { kind: "permission"; permission: "location"; url: string; answer(accept: boolean): Promise<void> };

export interface SpaceContext {
  readonly spaceId: number;
  readonly profile: ProfileBrowser;
  readonly browserContextId: string;
}

export interface SpacePagesOptions {
  executablePath: string;
  /** a page of the space asked the user something; the app decides what happens to control */
  onPrompt(spaceId: number, prompt: Prompt): void;
  /** the JS dialog of page `targetId` is gone: answered on a CDP session (the agent's), or its page with it */
  onDialogClosed(spaceId: number, targetId: string): void;
}

/** A page of a space with the fake's session on it (one per page, for the page's life: backendNodeIds stay stable across snapshots). */
export interface PageSession {
  readonly targetId: string;
  readonly sessionId: string;
  readonly send: CdpSend;
  /** the refIds of the page's snapshots, kept for the session's (the page's) life */
  readonly refIds: RefIds;
}

/** A page the fake holds a session on, and whose it is. */
interface HeldPage extends PageSession {
  readonly spaceId: number;
  readonly browserContextId: string;
}

const PERMISSION_BINDING = "__egoFakePermissionPrompt";
const PERMISSION_ANSWER = "__egoFakePermissionAnswer";

/** How long a new tab may take to come up and start its navigation. */
const NAVIGATE_BOUND_MS = 10_000;

/** How long a page may take to tell its frames (a page held by a JS dialog answers nothing). */
const FRAME_TREE_BOUND_MS = 2_000;

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

const holdsFrame = (tree: FrameTree, frameId: string): boolean => tree.frame.id === frameId || (tree.childFrames ?? []).some((child) => holdsFrame(child, frameId));

/**
 * Headless Chromium shows no permission prompt, so every page of a space carries a stand-in,
 * installed before the page runs anything: navigator.geolocation asks the fake through a binding,
 * which puts the space under user control ("location") until the operator answers; then the
 * page's call proceeds (the permission granted for the origin) or fails with PERMISSION_DENIED, as
 * after a real prompt. The binding is taken off the page's global object; the answer comes back
 * through a non-enumerable function.
 */
const GEOLOCATION_PROMPT_SCRIPT = `(() => {
  const raw = globalThis.${PERMISSION_BINDING};
  const g = navigator.geolocation;
  if (typeof raw !== "function") return;
  delete globalThis.${PERMISSION_BINDING};
  if (!g) return;
  let seq = 0;
  const waiting = new Map();
  Object.defineProperty(globalThis, "${PERMISSION_ANSWER}", { value: (id, granted) => { const r = waiting.get(id); waiting.delete(id); if (r) r(granted); }, enumerable: false });
  const ask = (permission) => new Promise((resolve) => { const id = ++seq; waiting.set(id, resolve); raw(JSON.stringify({ id, permission })); });
  const origGet = g.getCurrentPosition.bind(g);
  const origWatch = g.watchPosition.bind(g);
  const denied = (error) => error && error({ code: 1, message: "User denied Geolocation", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
  g.getCurrentPosition = (ok, error, options) => { ask("location").then((granted) => granted ? origGet(ok, error, options) : denied(error)); };
  g.watchPosition = (ok, error, options) => { ask("location").then((granted) => granted ? origWatch(ok, error, options) : denied(error)); return 0; };
})();`;

export class SpacePages {
  private readonly contexts = new Map<number, Promise<SpaceContext>>();
  /** the pages of this app's spaces the fake holds a session on: targetId -> page */
  private readonly sessions = new Map<string, HeldPage>();
  /** sessionId -> targetId, for the events of those sessions */
  private readonly bySession = new Map<string, string>();
  private readonly released = new Map<number, () => void>();
  private readonly listening = new Map<ProfileBrowser, () => void>();

  constructor(private readonly options: SpacePagesOptions) {}

  /** The space's context, opened on first use with its initial tabs. */
  context(spaceId: number, profileId: string, initialUrls: readonly string[]): Promise<SpaceContext> {
    let ready = this.contexts.get(spaceId);
    if (ready === undefined) {
      ready = this.open(spaceId, profileId, initialUrls);
      this.contexts.set(spaceId, ready);
      ready.catch(() => this.contexts.delete(spaceId));
    }
    return ready;
  }

  isOpen(spaceId: number): boolean {
    return this.contexts.has(spaceId);
  }

  private async open(spaceId: number, profileId: string, initialUrls: readonly string[]): Promise<SpaceContext> {
    const profile = await profileBrowser(this.options.executablePath, profileId);
    this.listen(profile);
    const { browserContextId } = (await profile.admin.send("Target.createBrowserContext")) as { browserContextId: string };
    this.released.set(spaceId, profile.adopt(browserContextId, (page) => this.adopt(spaceId, page)));
    // nothing a page offers is saved anywhere
    await profile.admin.send("Browser.setDownloadBehavior", { behavior: "deny", browserContextId }).catch(() => undefined);
    const space: SpaceContext = { spaceId, profile, browserContextId };
    const targets: string[] = [];
    for (const url of initialUrls.length ? initialUrls : ["about:blank"]) targets.push(await this.createTarget(space, url));
    this.initial.set(spaceId, targets);
    return space;
  }

  /** the targetIds a space's context opened for its initial tabs, in order */
  private readonly initial = new Map<number, string[]>();

  initialTargets(spaceId: number): readonly string[] {
    return this.initial.get(spaceId) ?? [];
  }

  /** A new page of one of the spaces: the prompt stand-ins go in before it runs anything. */
  private async adopt(spaceId: number, page: AttachedTarget): Promise<void> {
    const { send, sessionId } = page;
    const { targetId, browserContextId = "" } = page.targetInfo;
    this.sessions.set(targetId, { targetId, sessionId, send, spaceId, browserContextId, refIds: new RefIds() });
    this.bySession.set(sessionId, targetId);
    await Promise.all([send("Page.enable"), send("Runtime.enable"), send("Runtime.addBinding", { name: PERMISSION_BINDING }), send("Page.addScriptToEvaluateOnNewDocument", { source: GEOLOCATION_PROMPT_SCRIPT })]);
  }

  /** The events of this app's pages: dialogs, permission asks, pages that went away. */
  private listen(profile: ProfileBrowser): void {
    if (this.listening.has(profile)) return;
    this.listening.set(profile, profile.cdp.onEvent((event) => this.received(profile, event)));
  }

  private received(profile: ProfileBrowser, event: CdpEvent): void {
    if (event.sessionId === undefined) {
      if (event.method === "Target.detachedFromTarget") {
        const targetId = this.bySession.get(event.params.sessionId as string);
        if (targetId !== undefined) this.forget(targetId);
      }
      return;
    }
    const targetId = this.bySession.get(event.sessionId);
    const page = targetId === undefined ? undefined : this.sessions.get(targetId);
    if (page === undefined) return;
    if (event.method === "Page.javascriptDialogOpening") {
      const p = event.params as { type?: string; message?: string; url?: string };
      this.options.onPrompt(page.spaceId, {
        kind: "dialog",
        targetId: page.targetId,
        dialogType: p.type ?? "alert",
        message: p.message ?? "",
        url: p.url ?? "",
        answer: async (accept, promptText) => {
          await page.send("Page.handleJavaScriptDialog", promptText === undefined ? { accept } : { accept, promptText }).catch(() => undefined);
        },
      });
    } else if (event.method === "Page.javascriptDialogClosed") {
      this.options.onDialogClosed(page.spaceId, page.targetId);
    } else if (event.method === "Runtime.bindingCalled" && event.params.name === PERMISSION_BINDING) {
      let asked: { id?: unknown; permission?: unknown };
      try {
        asked = JSON.parse(String(event.params.payload)) as typeof asked;
      } catch {
        return;
      }
      const contextId = event.params.executionContextId as number;
      void this.permissionAsked(profile, page, String(asked.permission)).then((granted) =>
        page.send("Runtime.evaluate", { expression: `globalThis.${PERMISSION_ANSWER}?.(${Number(asked.id)}, ${granted})`, contextId }).catch(() => undefined),
      );
    }
  }

  /** waiting for a page of the spaces to go: targetId -> wake-ups */
  private readonly goneWaiters = new Map<string, Set<() => void>>();

  private forget(targetId: string): void {
    const page = this.sessions.get(targetId);
    if (page === undefined) return;
    this.sessions.delete(targetId);
    this.bySession.delete(page.sessionId);
    for (const wake of this.goneWaiters.get(targetId) ?? []) wake();
    this.goneWaiters.delete(targetId);
    // a page that went away took its dialog with it
    this.options.onDialogClosed(page.spaceId, targetId);
  }

  /** The page asked for a permission: the operator's answer resolves it (granted or not). */
  private async permissionAsked(profile: ProfileBrowser, page: HeldPage, permission: string): Promise<boolean> {
    if (permission !== "location") return false;
    // the page's url as Chromium has it now (the asking document's)
    const info = (await profile.admin.send("Target.getTargetInfo", { targetId: page.targetId }).catch(() => undefined)) as { targetInfo?: TargetInfo } | undefined;
    const url = info?.targetInfo?.url ?? "";
    return new Promise<boolean>((resolve) => {
      this.options.onPrompt(page.spaceId, {
        kind: "permission",
        permission: "location",
        url,
        answer: async (accept) => {
          if (accept) {
            const origin = URL.canParse(url) ? new URL(url).origin : "null";
            await profile.admin.send("Browser.grantPermissions", { permissions: ["geolocation"], browserContextId: page.browserContextId, ...(origin === "null" ? {} : { origin }) }).catch(() => undefined);
            await page.send("Emulation.setGeolocationOverride", { latitude: 52.52, longitude: 13.405, accuracy: 0 }).catch(() => undefined);
          }
          resolve(accept);
        },
      });
    });
  }

  /**
   * A new page target of the space at `url`. It is made blank and navigated once the fake holds
   * its session (with the stand-ins in): the page's own scripts never run before them.
   */
  private async createTarget(space: SpaceContext, url: string): Promise<string> {
    const { targetId } = (await space.profile.admin.send("Target.createTarget", { url: "about:blank", browserContextId: space.browserContextId })) as { targetId: string };
    if (url === "about:blank") return targetId;
    const known = await this.page(space, targetId, NAVIGATE_BOUND_MS);
    if (known === undefined) throw new Error(`fake bridge: the new tab ${targetId} did not come up within ${NAVIGATE_BOUND_MS / 1000} s`);
    // the navigation has started when Page.navigate answers (a page that fails to load still opens, as in a browser)
    await withBound(known.send("Page.navigate", { url }), NAVIGATE_BOUND_MS).catch(() => undefined);
    return targetId;
  }

  /** The fake's session on a page of the space; undefined when the page is gone (or never came up within `boundMs`). */
  async page(space: SpaceContext, targetId: string, boundMs = 5_000): Promise<PageSession | undefined> {
    // the browser attaches a page a moment after it made it
    const deadline = Date.now() + boundMs;
    for (;;) {
      const found = this.sessions.get(targetId);
      if (found !== undefined && found.spaceId === space.spaceId) return found;
      if (found !== undefined || Date.now() > deadline || (await this.targetInfo(space, targetId)) === undefined) return undefined;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /**
   * What the snapshot needs of a page: its session, and a session on each of its out-of-process
   * iframes on demand (an out-of-process frame's target id is its frame id).
   */
  async pageCdp(space: SpaceContext, targetId: string): Promise<PageCdp | undefined> {
    const page = await this.page(space, targetId);
    if (page === undefined) return undefined;
    const cdp = space.profile.cdp;
    return {
      send: page.send,
      refIds: page.refIds,
      async frameSession(frameId: string): Promise<FrameCdp | undefined> {
        const attached = (await cdp.send("Target.attachToTarget", { targetId: frameId, flatten: true }).catch(() => undefined)) as { sessionId?: string } | undefined;
        if (attached?.sessionId === undefined) return undefined; // part of its parent's process
        const sessionId = attached.sessionId;
        return { send: cdp.session(sessionId), release: () => cdp.send("Target.detachFromTarget", { sessionId }).then(() => undefined, () => undefined) };
      },
    };
  }

  /** pages whose close Chromium accepted: no longer the space's tabs, whether or not torn down yet */
  private readonly closed = new Set<string>();

  /**
   * Target `targetId` of the space was closed (Chromium answered Target.closeTarget with success):
   * from now on it is no tab of the space's listing, as a browser's tab strip drops a tab when its
   * close begins (Chromium may keep a page that was still navigating for seconds). Then waits until
   * Chromium reports it gone: the fake's session on it detached (Target.detachedFromTarget) and
   * Target.getTargetInfo no longer knows it. True when it went within `boundMs`.
   */
  async targetClosed(space: SpaceContext, targetId: string, boundMs: number): Promise<boolean> {
    this.closed.add(targetId);
    const deadline = Date.now() + boundMs;
    for (;;) {
      if (!this.sessions.has(targetId) && (await this.targetInfo(space, targetId)) === undefined) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let wake = () => {};
      const detached = new Promise<void>((resolve) => (wake = resolve));
      const waiters = this.goneWaiters.get(targetId) ?? new Set();
      waiters.add(wake);
      this.goneWaiters.set(targetId, waiters);
      // woken by the detach; a target the fake holds no session on is asked again shortly
      await withBound(detached, Math.min(left, 50));
      waiters.delete(wake);
    }
  }

  /** Opens a real tab at `url` in the space. Chromium loads it on its own time: url and title come later. */
  async openTab(space: SpaceContext, url: string): Promise<RealTab> {
    const targetId = await this.createTarget(space, url);
    const info = await this.targetInfo(space, targetId);
    // until the navigation commits Chromium reports the blank page the tab was made with (or no URL)
    const loading = info === undefined || info.url === "" || info.url === "about:blank";
    return { targetId, url: loading ? url : info.url, title: info?.title ?? "" };
  }

  async targetInfo(space: SpaceContext, targetId: string): Promise<TargetInfo | undefined> {
    try {
      const { targetInfo } = (await space.profile.admin.send("Target.getTargetInfo", { targetId })) as { targetInfo: TargetInfo };
      return targetInfo.browserContextId === space.browserContextId ? targetInfo : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The browser context of the page, among those of `contexts`, that runs frame `frameId` in its
   * own process (a same-origin iframe is no target of its own, so only its page knows it);
   * undefined when none does, or none answered within FRAME_TREE_BOUND_MS.
   */
  async frameContext(frameId: string, contexts: ReadonlySet<string>): Promise<string | undefined> {
    const pages = [...this.sessions.values()].filter((page) => contexts.has(page.browserContextId));
    const owners = await Promise.all(
      pages.map(async (page) => {
        const answer = (await withBound(page.send("Page.getFrameTree").catch(() => undefined), FRAME_TREE_BOUND_MS)) as { frameTree?: FrameTree } | undefined;
        return answer?.frameTree !== undefined && holdsFrame(answer.frameTree, frameId) ? page.browserContextId : undefined;
      }),
    );
    return owners.find((owner) => owner !== undefined);
  }

  /** The space's live page targets, as Chromium reports them (unordered). */
  async pageTargets(space: SpaceContext): Promise<TargetInfo[]> {
    const { targetInfos } = (await space.profile.admin.send("Target.getTargets")) as { targetInfos: TargetInfo[] };
    return targetInfos.filter((t) => t.type === "page" && t.browserContextId === space.browserContextId && !this.closed.has(t.targetId));
  }

  /** Closes the space's context and every page in it. */
  async closeSpace(spaceId: number): Promise<void> {
    const ready = this.contexts.get(spaceId);
    this.contexts.delete(spaceId);
    this.initial.delete(spaceId);
    const space = await ready?.catch(() => undefined);
    for (const [targetId, page] of this.sessions) if (page.spaceId === spaceId) this.forget(targetId);
    if (space !== undefined) await space.profile.admin.send("Target.disposeBrowserContext", { browserContextId: space.browserContextId }).catch(() => undefined);
    this.released.get(spaceId)?.();
    this.released.delete(spaceId);
  }

  async shutdown(): Promise<void> {
    await Promise.all([...this.contexts.keys()].map((id) => this.closeSpace(id)));
    for (const stop of this.listening.values()) stop();
    this.listening.clear();
  }
}
