/**
 * Reads a real page over CDP: each frame's accessibility tree and DOM, an out-of-process iframe
 * through a session of its own. backendNodeIds are per renderer, so a node is (frame capture, id).
 */
import type { CdpSend, FrameCdp, PageCdp } from "../../chromium/page-cdp.js";

export interface AxValue {
  value?: unknown;
}
export interface AxNode {
  nodeId: string;
  ignored?: boolean;
  role?: AxValue;
  name?: AxValue;
  properties?: { name: string; value: AxValue }[];
  parentId?: string;
  childIds?: string[];
  backendDOMNodeId?: number;
}

export interface DomNode {
  nodeId: number;
  backendNodeId: number;
  nodeType: number;
  nodeName: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  contentDocument?: DomNode;
  frameId?: string;
  documentURL?: string;
  baseURL?: string;
}

export interface DomElement {
  nodeId: number;
  backendNodeId: number;
  nodeName: string;
  attributes: ReadonlyMap<string, string>;
}

export interface FrameCapture {
  /** the CDP frame id (the top document's too, where Chromium tells it); undefined when unknown */
  readonly frameId: string | undefined;
  /** whether this is the page's top document */
  readonly top: boolean;
  /** whether the frame runs in a renderer of its own (then its ids are its own, and so are its coordinates) */
  readonly outOfProcess: boolean;
  /** the session that owns the frame's nodes */
  readonly send: CdpSend;
  readonly ax: readonly AxNode[];
  /** the frame's document node (its nodeId is valid in `send`'s session) */
  readonly documentNodeId: number;
  readonly baseURL: string;
  /** the URL of the frame's document (its origin is the frame's origin) */
  readonly documentURL: string;
  /** elements of this frame's document (shadow roots included, child frames excluded), by backendNodeId */
  readonly elements: ReadonlyMap<number, DomElement>;
  /** captured child frames, by the backendNodeId of their iframe element in this frame */
  readonly children: ReadonlyMap<number, FrameCapture>;
}

export interface PageCapture {
  readonly top: FrameCapture;
  /** sessions opened for out-of-process frames; release them when done */
  readonly sessions: FrameCdp[];
}

interface IframeElement {
  backendNodeId: number;
  frameId: string | undefined;
  contentDocument: DomNode | undefined;
}

function attributesOf(node: DomNode): Map<string, string> {
  const map = new Map<string, string>();
  const list = node.attributes ?? [];
  for (let i = 0; i + 1 < list.length; i += 2) map.set(list[i]!.toLowerCase(), list[i + 1]!);
  return map;
}

const FRAME_OWNERS = new Set(["IFRAME", "FRAME", "OBJECT", "EMBED", "FENCEDFRAME"]);

/** Walks one document: its elements (shadow roots included) and its iframe elements, not into child documents. */
function walkDocument(document: DomNode): { elements: Map<number, DomElement>; iframes: IframeElement[] } {
  const elements = new Map<number, DomElement>();
  const iframes: IframeElement[] = [];
  const visit = (node: DomNode) => {
    if (node.nodeType === 1) {
      elements.set(node.backendNodeId, { nodeId: node.nodeId, backendNodeId: node.backendNodeId, nodeName: node.nodeName, attributes: attributesOf(node) });
      // frame owners only: the document element carries its own frame's id too
      if (node.contentDocument !== undefined || (node.frameId !== undefined && FRAME_OWNERS.has(node.nodeName))) {
        iframes.push({ backendNodeId: node.backendNodeId, frameId: node.frameId, contentDocument: node.contentDocument });
      }
    }
    for (const child of node.children ?? []) visit(child);
    for (const root of node.shadowRoots ?? []) visit(root);
  };
  visit(document);
  return { elements, iframes };
}

async function captureFrame(
  page: PageCdp,
  send: CdpSend,
  document: DomNode,
  frame: { frameId: string | undefined; axFrameId: string | undefined; outOfProcess: boolean; top?: boolean },
  sessions: FrameCdp[],
): Promise<FrameCapture> {
  const axParams = frame.axFrameId === undefined ? {} : { frameId: frame.axFrameId };
  const { nodes } = (await send("Accessibility.getFullAXTree", axParams)) as { nodes: AxNode[] };
  const { elements, iframes } = walkDocument(document);
  const children = new Map<number, FrameCapture>();
  for (const iframe of iframes) {
    if (iframe.contentDocument !== undefined) {
      // same process: the child document came with this DOM, its AX tree is asked for by frame id
      const childFrameId = iframe.contentDocument.frameId ?? iframe.frameId;
      children.set(
        iframe.backendNodeId,
        await captureFrame(page, send, iframe.contentDocument, { frameId: childFrameId, axFrameId: childFrameId, outOfProcess: frame.outOfProcess }, sessions),
      );
    } else if (iframe.frameId !== undefined && page.frameSession !== undefined) {
      const session = await page.frameSession(iframe.frameId);
      if (session === undefined) continue;
      sessions.push(session);
      const { root } = (await session.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
      children.set(
        iframe.backendNodeId,
        await captureFrame(page, session.send, root, { frameId: iframe.frameId, axFrameId: undefined, outOfProcess: true }, sessions),
      );
    }
  }
  return {
    frameId: frame.frameId,
    top: frame.top === true,
    outOfProcess: frame.outOfProcess,
    send,
    ax: nodes,
    documentNodeId: document.nodeId,
    baseURL: document.baseURL ?? document.documentURL ?? "about:blank",
    documentURL: document.documentURL ?? document.baseURL ?? "about:blank",
    elements,
    children,
  };
}

/**
 * The top document's frame id: its document element carries it (as a frame owner carries its
 * child's); else the page's frame tree. Undefined when neither tells it.
 */
async function topFrameId(page: PageCdp, root: DomNode): Promise<string | undefined> {
  const element = (root.children ?? []).find((n) => n.nodeType === 1 && !FRAME_OWNERS.has(n.nodeName) && n.frameId !== undefined);
  if (element?.frameId !== undefined) return element.frameId;
  const tree = (await page.send("Page.getFrameTree").catch(() => undefined)) as { frameTree?: { frame?: { id?: unknown } } } | undefined;
  const id = tree?.frameTree?.frame?.id;
  return typeof id === "string" ? id : undefined;
}

/** Captures the page and its frames. On failure the sessions opened so far are released. */
export async function capturePage(page: PageCdp): Promise<PageCapture> {
  const sessions: FrameCdp[] = [];
  try {
    const { root } = (await page.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
    const top = await captureFrame(page, page.send, root, { frameId: await topFrameId(page, root), axFrameId: undefined, outOfProcess: false, top: true }, sessions);
    return { top, sessions };
  } catch (error) {
    await releaseSessions(sessions);
    throw error;
  }
}

interface FrameTreeNode {
  frame?: { id?: unknown };
  childFrames?: FrameTreeNode[];
}

/**
 * The frame ids of a capture that Chromium no longer knows: a frame that went away, or that moved
 * to another renderer, while the snapshot read the page (a page still loading its iframes). Asked
 * of the page's session and each out-of-process frame's (each knows its own frames); none when no
 * session told its frames (a peer that does not answer Page.getFrameTree cannot be checked).
 */
export async function staleFrameIds(capture: PageCapture): Promise<string[]> {
  const known = new Set<string>();
  let told = false;
  for (const send of [capture.top.send, ...capture.sessions.map((s) => s.send)]) {
    const answer = (await send("Page.getFrameTree").catch(() => undefined)) as { frameTree?: FrameTreeNode } | undefined;
    if (answer?.frameTree === undefined) continue;
    told = true;
    const walk = (node: FrameTreeNode) => {
      if (typeof node.frame?.id === "string") known.add(node.frame.id);
      for (const child of node.childFrames ?? []) walk(child);
    };
    walk(answer.frameTree);
  }
  if (!told) return [];
  const ids: string[] = [];
  const collect = (frame: FrameCapture) => {
    if (frame.frameId !== undefined) ids.push(frame.frameId);
    for (const child of frame.children.values()) collect(child);
  };
  collect(capture.top);
  return ids.filter((id) => !known.has(id));
}

export async function releaseSessions(sessions: readonly FrameCdp[]): Promise<void> {
  await Promise.all(sessions.map((s) => s.release?.().catch(() => undefined)));
}
