/**
 * What the snapshot needs from the browser: a CDP session attached to the page (the space's active
 * tab), and, for out-of-process iframes (a cross-origin frame runs in its own renderer), a session
 * per such frame. The caller owns both; the snapshot only sends commands. Keep one page session
 * for the page's life where you can: backendNodeIds are per renderer process and stable across
 * sessions, so any session works, but attaching costs time.
 *
 * `playwrightPageCdp` builds this from a playwright-core Page (structurally typed, so the fake
 * does not import playwright-core here).
 */

export type CdpSend = (method: string, params?: Record<string, unknown>) => Promise<unknown>;

export interface FrameCdp {
  send: CdpSend;
  /** called when the snapshot is done with the session */
  release?(): Promise<void>;
}

export interface PageCdp {
  /** sends a command on the page's own session */
  send: CdpSend;
  /**
   * A session for the out-of-process iframe whose CDP frame id (= its target id) is `frameId`;
   * undefined when there is none. Without this, cross-origin iframes print their line but no content.
   */
  frameSession?(frameId: string): Promise<FrameCdp | undefined>;
}

/** The part of a playwright-core CDPSession the snapshot uses. */
interface PlaywrightSession {
  send(method: never, params?: never): Promise<unknown>;
  detach(): Promise<void>;
}
interface PlaywrightFrame {
  url(): string;
}
interface PlaywrightPage {
  mainFrame(): PlaywrightFrame;
  frames(): PlaywrightFrame[];
  context(): { newCDPSession(target: PlaywrightPage | PlaywrightFrame): Promise<PlaywrightSession> };
}

const sender = (session: PlaywrightSession): CdpSend => (method, params) => session.send(method as never, params as never);

/**
 * A PageCdp over a Playwright page: `session` is a CDP session of the page (opened once by the
 * caller). Out-of-process frames are found among the page's frames by asking each frame's own
 * session for its frame id (Playwright opens one only for out-of-process frames).
 */
export function playwrightPageCdp(page: PlaywrightPage, session: PlaywrightSession): PageCdp {
  return {
    send: sender(session),
    async frameSession(frameId) {
      for (const frame of page.frames()) {
        if (frame === page.mainFrame()) continue;
        const own = await page.context().newCDPSession(frame).catch(() => undefined);
        if (own === undefined) continue; // part of its parent's process
        const tree = (await own.send("Page.getFrameTree" as never).catch(() => undefined)) as { frameTree?: { frame?: { id?: string } } } | undefined;
        if (tree?.frameTree?.frame?.id === frameId) return { send: sender(own), release: () => own.detach().catch(() => undefined) };
        await own.detach().catch(() => undefined);
      }
      return undefined;
    },
  };
}

/** A CDP error that means the page (or its renderer) is gone, not that the snapshot failed. */
export function isGoneError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /target closed|session closed|has been closed|no target with given id|not attached|detached|crashed|no session with given id|frame .*(detached|not found)/i.test(text);
}
