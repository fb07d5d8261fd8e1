/**
 * What the snapshot needs from the browser: a CDP session on the page and one per out-of-process
 * iframe. The caller owns them; keep one page session for the page's life, since attaching costs time.
 */

import type { RefIds } from "./ref-ids.js";

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
  /**
   * The page's refIds, kept for the page's life so that a node keeps its ref across snapshots
   * (./ref-ids.ts); without it each snapshot numbers its refs afresh.
   */
  readonly refIds?: RefIds;
}

/** A CDP error that means the page (or its renderer) is gone, not that the snapshot failed. */
export function isGoneError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /target closed|session closed|has been closed|no target with given id|not attached|detached|crashed|no session with given id|session with given id not found|devtools pipe closed|frame .*(detached|not found)/i.test(text);
}
