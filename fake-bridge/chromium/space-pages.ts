/**
 * Real pages for one fake app's spaces: each task space (agent or user) is its own browser
 * context inside its profile's browser (./browser-pool.ts), so cookies and storage never cross
 * spaces, and its tabs are real page targets with real CDP targetIds.
 *
 * A space gets its context lazily, the first time a call needs its pages (listTabs, createTab,
 * snapshot, sendCDPMessage, a prompt): nothing a script can observe depends on when that happens,
 * and clauses that never touch a page pay nothing. On that first use the space's initial tabs (one
 * about:blank tab for a fresh space; the operator's tabs for a user Space) are opened as real
 * pages and replace the records the app kept until then.
 *
 * Tab facts come from the browser: url and title as Chromium's Target.getTargets reports them
 * (an about:blank tab is titled "about:blank"); the order is creation order; the active tab is the
 * one the app last made active. A page that closes itself drops out of the list.
 */
import type { BrowserContext, CDPSession, Dialog, Page } from "playwright-core";
import { profileBrowser, type ProfileBrowser } from "./browser-pool.js";

export interface RealTab {
  targetId: string;
  url: string;
  title: string;
}

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
  browserContextId?: string;
  openerId?: string;
}

/** What a page asked of the user: a JS dialog, or a permission prompt (geolocation). */
export type Prompt =
  | { kind: "dialog"; dialogType: string; message: string; url: string; answer(accept: boolean, promptText?: string): Promise<void> }
  | { kind: "permission"; permission: "location"; url: string; answer(accept: boolean): Promise<void> };

export interface SpaceContext {
  readonly spaceId: number;
  readonly profile: ProfileBrowser;
  readonly context: BrowserContext;
  readonly browserContextId: string;
}

export interface SpacePagesOptions {
  executablePath: string;
  /** a page of the space asked the user something; the app decides what happens to control */
  onPrompt(spaceId: number, prompt: Prompt): void;
}

/**
 * A new browser context and its CDP id. Playwright does not tell a context's browserContextId, so
 * it is the one id Target.getBrowserContexts lists after the context was made and not before;
 * one context is made at a time per browser so the difference is exactly one.
 */
const making = new WeakMap<ProfileBrowser, Promise<unknown>>();
async function newContext(profile: ProfileBrowser): Promise<{ context: BrowserContext; browserContextId: string }> {
  const previous = making.get(profile) ?? Promise.resolve();
  const made = previous.then(async () => {
    const ids = async () => ((await profile.admin.send("Target.getBrowserContexts")) as { browserContextIds: string[] }).browserContextIds;
    const before = new Set(await ids());
    const context = await profile.browser.newContext();
    const fresh = (await ids()).filter((id) => !before.has(id));
    if (fresh.length !== 1) {
      await context.close().catch(() => {});
      throw new Error(`fake bridge: expected one new browser context, found ${fresh.length}`);
    }
    return { context, browserContextId: fresh[0]! };
  });
  making.set(profile, made.catch(() => undefined));
  return made;
}

const PERMISSION_BINDING = "__egoFakePermissionPrompt";

/** How long a new tab may take to come up and start its navigation. */
const NAVIGATE_BOUND_MS = 10_000;

function withBound<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

/**
 * Headless Chromium shows no permission prompt, so the context's pages carry a stand-in: an
 * init script routes navigator.geolocation through a binding to the fake, which puts the space
 * under user control ("location") until the operator answers; then the page's call proceeds (the
 * permission granted for the origin) or fails with PERMISSION_DENIED, as after a real prompt.
 */
const GEOLOCATION_PROMPT_SCRIPT = `(() => {
  const g = navigator.geolocation;
  if (!g || typeof window.${PERMISSION_BINDING} !== "function") return;
  const ask = window.${PERMISSION_BINDING};
  const origGet = g.getCurrentPosition.bind(g);
  const origWatch = g.watchPosition.bind(g);
  const denied = (error) => error && error({ code: 1, message: "User denied Geolocation", PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
  g.getCurrentPosition = (ok, error, options) => { ask("location").then((granted) => granted ? origGet(ok, error, options) : denied(error)); };
  g.watchPosition = (ok, error, options) => { ask("location").then((granted) => granted ? origWatch(ok, error, options) : denied(error)); return 0; };
})();`;

export class SpacePages {
  private readonly contexts = new Map<number, Promise<SpaceContext>>();

  constructor(private readonly options: SpacePagesOptions) {}

  /** The space's context, opened on first use with its initial tabs; returns the real tabs it opened. */
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
    const { context, browserContextId } = await newContext(profile);
    context.on("dialog", (dialog: Dialog) => this.dialogOpened(spaceId, dialog));
    await context.exposeBinding(PERMISSION_BINDING, ({ page }, permission: unknown) => this.permissionAsked(spaceId, String(permission), page.url(), context));
    await context.addInitScript(GEOLOCATION_PROMPT_SCRIPT);
    const space: SpaceContext = { spaceId, profile, context, browserContextId };
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

  private dialogOpened(spaceId: number, dialog: Dialog): void {
    this.options.onPrompt(spaceId, {
      kind: "dialog",
      dialogType: dialog.type(),
      message: dialog.message(),
      url: dialog.page()?.url() ?? "",
      answer: async (accept, promptText) => {
        if (accept) await dialog.accept(promptText).catch(() => {});
        else await dialog.dismiss().catch(() => {});
      },
    });
  }

  private permissionAsked(spaceId: number, permission: string, url: string, context: BrowserContext): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      if (permission !== "location") {
        resolve(false);
        return;
      }
      this.options.onPrompt(spaceId, {
        kind: "permission",
        permission: "location",
        url,
        answer: async (accept) => {
          if (accept) {
            const origin = new URL(url).origin;
            await context.grantPermissions(["geolocation"], origin === "null" ? {} : { origin }).catch(() => {});
            await context.setGeolocation({ latitude: 52.52, longitude: 13.405 }).catch(() => {});
          }
          resolve(accept);
        },
      });
    });
  }

  /**
   * A new page target of the space at `url`. It is made blank and navigated only once Playwright
   * knows the page: a target made at its URL can run the page's scripts before the context's init
   * scripts are installed (under load it did: the geolocation stand-in came too late, and the
   * page's own call met headless Chromium's silent refusal instead of a prompt).
   */
  private async createTarget(space: SpaceContext, url: string): Promise<string> {
    const { targetId } = (await space.profile.admin.send("Target.createTarget", { url: "about:blank", browserContextId: space.browserContextId })) as { targetId: string };
    if (url === "about:blank") return targetId;
    const known = await this.page(space, targetId, NAVIGATE_BOUND_MS);
    if (known === undefined) throw new Error(`fake bridge: the new tab ${targetId} did not come up within ${NAVIGATE_BOUND_MS / 1000} s`);
    // the navigation has started when Page.navigate answers (a page that fails to load still opens, as in a browser)
    await withBound(known.session.send("Page.navigate", { url }), NAVIGATE_BOUND_MS).catch(() => undefined);
    return targetId;
  }

  private readonly pageSessions = new WeakMap<Page, Promise<{ session: CDPSession; targetId: string } | undefined>>();

  /**
   * The Playwright page of a target of the space and a CDP session on it (one per page, kept for
   * the page's life: backendNodeIds stay stable across snapshots); undefined when it is gone.
   */
  async page(space: SpaceContext, targetId: string, boundMs = 5_000): Promise<{ page: Page; session: CDPSession } | undefined> {
    // Playwright learns of a tab opened over CDP a moment after Chromium made it
    const deadline = Date.now() + boundMs;
    for (;;) {
      const found = await this.findPage(space, targetId);
      if (found !== undefined || Date.now() > deadline || (await this.targetInfo(space, targetId)) === undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  private async findPage(space: SpaceContext, targetId: string): Promise<{ page: Page; session: CDPSession } | undefined> {
    for (const page of space.context.pages()) {
      let known = this.pageSessions.get(page);
      if (known === undefined) {
        known = (async () => {
          const session = await space.context.newCDPSession(page);
          const { targetInfo } = (await session.send("Target.getTargetInfo")) as { targetInfo: TargetInfo };
          return { session, targetId: targetInfo.targetId };
        })().catch(() => undefined);
        this.pageSessions.set(page, known);
      }
      const entry = await known;
      if (entry?.targetId === targetId) return { page, session: entry.session };
    }
    return undefined;
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

  /** The space's live page targets, as Chromium reports them (unordered). */
  async pageTargets(space: SpaceContext): Promise<TargetInfo[]> {
    const { targetInfos } = (await space.profile.admin.send("Target.getTargets")) as { targetInfos: TargetInfo[] };
    return targetInfos.filter((t) => t.type === "page" && t.browserContextId === space.browserContextId);
  }

  /** Closes the space's context and every page in it. */
  async closeSpace(spaceId: number): Promise<void> {
    const ready = this.contexts.get(spaceId);
    this.contexts.delete(spaceId);
    this.initial.delete(spaceId);
    const space = await ready?.catch(() => undefined);
    await space?.context.close().catch(() => {});
  }

  async shutdown(): Promise<void> {
    await Promise.all([...this.contexts.keys()].map((id) => this.closeSpace(id)));
  }
}
