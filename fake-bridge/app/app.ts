/**
 * The fake Ego Lite app: the browser-side state every binding instance (every `ego-browser
 * nodejs` invocation) shares. It owns Spaces, their tabs and pages, profiles and the id counters;
 * the commands in ./commands read and change it, the binding only selects and delivers.
 */
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import type { CreatedBy } from "../../src/contract/ownership.js";
import { resolveBehaviour, type Behaviour } from "../behaviour/behaviour.js";
import { SpacePages, type Prompt } from "../chromium/space-pages.js";
import { CdpRelay } from "../chromium/cdp-relay.js";
import { handlePrompts, type OpenPrompt } from "./prompts.js";
import { holdBrowsers, releaseBrowsers } from "../chromium/browser-pool.js";
import { Counter, OTHER_NODE_IDS, SPARSE_SPACE_IDS, targetIdFor } from "./ids.js";
import { SerialQueue } from "./serial.js";
import { buildPage } from "./page-model.js";
import { DEFAULT_PROFILES, OTHER_PROFILES, ProfileRegistry, type ProfileSpec } from "./profiles.js";
import type { Tab } from "./tab-records.js";
import type { SpaceKey, TaskSpace } from "./task-space.js";
import { BLANK_URL, normalizeUrl, titleForUrl } from "./urls.js";

export interface FakeAppOptions {
  /** the version getBrowserVersion and CDP Browser.getVersion report */
  version?: string;
  profiles?: readonly ProfileSpec[];
  /** the build's behaviour switches, the close's eventual consistency among them (Behaviour.closeDelayMs) */
  behaviour?: Behaviour;
  /**
   * Real pages from Chromium (`--pages chromium`): the browser executable to drive. Omitted: the
   * page model (`--pages model`), where pages are invented (./page-model.ts).
   */
  chromium?: { executablePath: string };
  /**
   * The fake's time scale: how many milliseconds of app time pass per real millisecond (default
   * 1). Only app-time rules read it (idle spaces, the idle-spaces-close mutant), so a test can let
   * 150 s of app time pass in a fraction of a second.
   */
  timeScale?: number;
}

/** The idle-spaces-close mutant: an agent space nobody touched for this long (app time) closes by itself. */
export const IDLE_CLOSE_AFTER_MS = 120_000;

export interface NewSpace {
  name: string;
  createdBy: CreatedBy;
  profile: ProfileSpec;
  /** initial tabs; omitted or empty: the one default about:blank "New Tab" */
  tabs?: readonly { url: string; title?: string }[];
}

export class FakeApp {
  readonly version: string;
  readonly behaviour: Behaviour;
  readonly profiles: ProfileRegistry;
  private readonly spaces = new Map<number, TaskSpace>();
  private readonly spaceIds: Counter;
  private readonly targetCounter = new Counter(1);
  private readonly nodeIds: Counter;
  /** requests are answered one at a time, in order (./serial.ts) */
  readonly queue = new SerialQueue();
  /** the spaces' real pages, when the app runs with Chromium */
  readonly pages: SpacePages | undefined;
  /** what a page asked of the user and nobody answered yet, per space (./prompts.ts) */
  readonly prompts = new Map<number, OpenPrompt[]>();
  /** set by ./prompts.ts: what happens to a space when one of its pages asks the user */
  onPrompt: (space: TaskSpace, prompt: Prompt) => void = () => {};
  /** set by ./prompts.ts: the JS dialog of a page of the space is gone */
  onDialogClosed: (space: TaskSpace, targetId: string) => void = () => {};
  readonly timeScale: number;
  private readonly epoch = Date.now();
  /** app time of the last request that named each space (created it, selected it, claimed it) */
  private readonly touched = new Map<number, number>();

  constructor(options: FakeAppOptions = {}) {
    this.version = options.version ?? NEWEST_BUILD.version;
    this.timeScale = options.timeScale ?? 1;
    if (!Number.isFinite(this.timeScale) || this.timeScale <= 0) throw new Error(`timeScale must be a positive number, got ${this.timeScale}`);
    this.behaviour = options.behaviour ?? resolveBehaviour({ features: NEWEST_BUILD.features });
    this.spaceIds = this.behaviour.sparseSpaceIds ? new Counter(SPARSE_SPACE_IDS.first, SPARSE_SPACE_IDS.step) : new Counter(1);
    this.nodeIds = this.behaviour.otherIdValues ? new Counter(OTHER_NODE_IDS.first, OTHER_NODE_IDS.step) : new Counter(1);
    this.profiles = new ProfileRegistry(options.profiles ?? (this.behaviour.otherIdValues ? OTHER_PROFILES : DEFAULT_PROFILES));
    if (options.chromium) {
      holdBrowsers();
      this.pages = new SpacePages({
        executablePath: options.chromium.executablePath,
        onPrompt: (spaceId, prompt) => {
          const space = this.spaces.get(spaceId);
          if (space !== undefined && !space.closing) this.onPrompt(space, prompt);
        },
        onDialogClosed: (spaceId, targetId) => {
          const space = this.spaces.get(spaceId);
          if (space !== undefined && !space.closing) this.onDialogClosed(space, targetId);
        },
      });
      handlePrompts(this, this.prompts);
    }
  }

  private readonly relays = new Set<CdpRelay>();

  /** A script invocation's raw CDP channel to the real browser; events go to `deliverEvent`. */
  openRelay(deliverEvent: (text: string) => void): CdpRelay {
    const pages = this.pages;
    const relay = new CdpRelay(
      deliverEvent,
      pages === undefined ? undefined : (frameId, contexts) => pages.frameContext(frameId, contexts),
      // the mutant cdp-restarts-on-new-invocation: the other invocations' sessions in that space end
      (entering, spaceId) => {
        for (const other of this.relays) if (other !== entering && other.holdsSessionIn(spaceId)) other.restart();
      },
      pages === undefined ? undefined : (space, targetId, boundMs) => pages.targetClosed(space, targetId, boundMs),
    );
    this.relays.add(relay);
    return relay;
  }

  /** The invocation ended (its socket closed): its CDP connections and sessions end with it. */
  closeRelay(relay: CdpRelay): void {
    relay.close();
    this.relays.delete(relay);
  }

  /** Closes the spaces' pages and lets go of the browsers (they stay up briefly for the next app of this process). */
  async shutdown(): Promise<void> {
    if (this.pages === undefined) return;
    for (const relay of this.relays) relay.close();
    this.relays.clear();
    await this.pages.shutdown();
    releaseBrowsers();
  }

  /** App time in milliseconds since the app started: real time times the time scale. */
  now(): number {
    return (Date.now() - this.epoch) * this.timeScale;
  }

  /** A request named this space: it is not idle. */
  touch(space: TaskSpace): void {
    this.touched.set(space.id, this.now());
  }

  /**
   * The idle-spaces-close mutant: agent spaces untouched for IDLE_CLOSE_AFTER_MS (app time) close;
   * `userOwnedToo` (the listing-closes-idle-spaces mutant): user-owned ones as well.
   */
  closeIdleSpaces(options: { userOwnedToo?: boolean } = {}): void {
    const now = this.now();
    for (const space of this.spaces.values()) {
      if (space.closing || (space.ownership === "user" && !options.userOwnedToo)) continue;
      if (now - (this.touched.get(space.id) ?? 0) > IDLE_CLOSE_AFTER_MS) this.close(space);
    }
  }

  /** The id the next created space gets (the racy-create-ids mutant reads it when a request arrives). */
  peekSpaceId(): number {
    return this.spaceIds.peek();
  }

  /**
   * Creates a Space with a fresh id (never reused) and its tabs; the last tab is active. `staleId`
   * (the racy-create-ids mutant only) is an id read when the request arrived: the space takes it,
   * replacing any space a concurrent create gave it meanwhile, as a host without a lock does.
   */
  createSpace(init: NewSpace, staleId?: number): TaskSpace {
    let id: number;
    if (staleId === undefined) id = this.spaceIds.take();
    else {
      id = staleId;
      while (this.spaceIds.peek() <= staleId) this.spaceIds.take();
    }
    const tabs = (init.tabs?.length ? init.tabs : [{ url: BLANK_URL }]).map((t) => this.newTab(t.url, t.title));
    const space: TaskSpace = {
      id,
      name: init.name,
      createdBy: init.createdBy,
      ownership: init.createdBy,
      control: null,
      profileId: init.profile.id,
      tabs,
      activeTargetId: tabs[tabs.length - 1]!.targetId,
      agentTaskState: null,
      lastHighlight: null,
      closing: false,
    };
    this.spaces.set(id, space);
    this.touch(space);
    return space;
  }

  /**
   * A space a unit test seeds with a chosen id (../library/seed.ts). Ids are never reused, so the
   * id must be one the app has not handed out yet; the counter moves past it.
   */
  seedSpace(init: NewSpace, id: number): TaskSpace {
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`a seeded space id must be a positive integer, got ${String(id)}`);
    if (id < this.spaceIds.peek()) throw new Error(`space id ${id} was handed out already (ids are never reused): seed ids from ${this.spaceIds.peek()} on`);
    return this.createSpace(init, id);
  }

  /**
   * The claim-new-id mutant: the space moves to a fresh id (never reused); its old id finds
   * nothing from now on. The space's state (name, ownership, tabs, profile) moves with it. Real
   * pages stay under the old key: the mutant is the page model's.
   */
  rekeySpace(space: TaskSpace): TaskSpace {
    const moved: TaskSpace = { ...space, id: this.spaceIds.take() };
    this.spaces.delete(space.id);
    this.spaces.set(moved.id, moved);
    this.touched.delete(space.id);
    this.touch(moved);
    return moved;
  }

  /** Opens a tab in the space and makes it the active one (the mutant create-tab-keeps-active: leaves the active one). */
  openTab(space: TaskSpace, url: string): Tab {
    const tab = this.newTab(url);
    space.tabs.push(tab);
    if (!this.behaviour.createTabKeepsActive) space.activeTargetId = tab.targetId;
    return tab;
  }

  /**
   * The space changed hands (hand-off, take-over, complete, the user giving control back). The
   * fake keeps its active tab; the hand-back-activates-first-tab plan makes its first tab active,
   * as a user who switched tabs while in control leaves it (the reference fixes the active tab
   * only across a claim).
   */
  changedHands(space: TaskSpace): void {
    const first = space.tabs[0];
    if (this.behaviour.handBackActivatesFirstTab && first !== undefined) space.activeTargetId = first.targetId;
  }

  /** A record for a real page the browser opened (its page model stands in for snapshots until they read the real page). */
  realTab(targetId: string, url: string, title: string): Tab {
    return { targetId, url, title, page: buildPage(url, title, () => this.nodeIds.take()) };
  }

  private newTab(rawUrl: string, title?: string): Tab {
    const url = normalizeUrl(rawUrl);
    const tabTitle = title ?? titleForUrl(url);
    return {
      targetId: targetIdFor(this.targetCounter.take(), this.behaviour.otherIdValues),
      url,
      title: tabTitle,
      page: buildPage(url, tabTitle, () => this.nodeIds.take()),
    };
  }

  /** A usable (listed and not closing) space by numeric id. */
  byId(id: number): TaskSpace | undefined {
    const space = this.spaces.get(id);
    return space && !space.closing ? space : undefined;
  }

  /**
   * The usable space a selection key points at. Numbers are ids; numeric strings are ids only
   * under the string-ids mutant; on builds before numeric ids the key is a name (first match).
   */
  locate(key: SpaceKey): TaskSpace | undefined {
    const b = this.behaviour;
    if (!b.numericIds) {
      return typeof key === "string" ? [...this.spaces.values()].find((s) => !s.closing && s.name === key) : undefined;
    }
    if (typeof key === "number") return this.byId(key);
    return b.stringIdsAccepted && /^\d+$/.test(key) ? this.byId(Number(key)) : undefined;
  }

  /** Every listed space in id order, including spaces whose close has not settled yet. */
  listed(): TaskSpace[] {
    return [...this.spaces.values()].sort((a, b) => a.id - b.id);
  }

  /** Closes a space: unusable at once, unlisted after the behaviour's closeDelayMs. Its pages close with it (awaited when there are real ones). */
  close(space: TaskSpace): void | Promise<void> {
    space.closing = true;
    this.prompts.delete(space.id);
    const pagesClosed = this.pages?.isOpen(space.id) ? this.pages.closeSpace(space.id) : undefined;
    this.forget(space);
    return pagesClosed;
  }

  private forget(space: TaskSpace): void {
    const { closeDelayMs } = this.behaviour;
    if (closeDelayMs === 0) {
      this.spaces.delete(space.id);
      return;
    }
    setTimeout(() => this.spaces.delete(space.id), closeDelayMs);
  }

  /** A read-only copy of a listed space's state, for tests and the operator (not part of the contract). */
  inspect(id: number): Readonly<Omit<TaskSpace, "tabs">> & { tabs: readonly Tab[] } | undefined {
    const space = this.spaces.get(id);
    return space === undefined ? undefined : { ...space, tabs: [...space.tabs] };
  }
}
