/**
 * A PageCdp (the snapshot's view of a page) over a playwright-core page, for the tests that drive
 * pages with Playwright: `session` is a CDP session of the page. Out-of-process frames are found
 * among the page's frames by asking each frame's own session for its frame id (Playwright opens
 * one only for out-of-process frames).
 */
import type { CdpSend, PageCdp } from "../../../fake-bridge/app/chromium-snapshot/index.js";
import { RefIds } from "../../../fake-bridge/chromium/ref-ids.js";

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

export function playwrightPageCdp(page: PlaywrightPage, session: PlaywrightSession): PageCdp {
  return {
    send: sender(session),
    // one page, one numbering: refs keep their refIds across snapshots, as on the fake's page sessions
    refIds: new RefIds(),
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

