/**
 * Which nodes meet their frame's visible area (scope 'only_within_viewport'), frame by frame: the
 * layout viewport, a same-process iframe's box, an out-of-process iframe's own viewport.
 */
import type { CdpSend } from "../../chromium/page-cdp.js";
import { allNodes, type SnapNode } from "./tree.js";

interface Rect {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
type Quad = number[];

const EMPTY: Rect = { x1: 0, y1: 0, x2: 0, y2: 0 };

function quadRect(q: Quad): Rect {
  const xs = [q[0]!, q[2]!, q[4]!, q[6]!];
  const ys = [q[1]!, q[3]!, q[5]!, q[7]!];
  return { x1: Math.min(...xs), y1: Math.min(...ys), x2: Math.max(...xs), y2: Math.max(...ys) };
}

function intersect(a: Rect, b: Rect): Rect {
  const r = { x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1), x2: Math.min(a.x2, b.x2), y2: Math.min(a.y2, b.y2) };
  return r.x2 > r.x1 && r.y2 > r.y1 ? r : EMPTY;
}

const isEmpty = (r: Rect) => r.x2 <= r.x1 || r.y2 <= r.y1;

async function quadsOf(send: CdpSend, backendNodeId: number): Promise<Rect[]> {
  try {
    const { quads } = (await send("DOM.getContentQuads", { backendNodeId })) as { quads: Quad[] };
    return quads.map(quadRect);
  } catch {
    return []; // no layout object: not rendered
  }
}

async function layoutViewport(send: CdpSend): Promise<Rect> {
  const m = (await send("Page.getLayoutMetrics")) as { cssLayoutViewport: { clientWidth: number; clientHeight: number } };
  return { x1: 0, y1: 0, x2: m.cssLayoutViewport.clientWidth, y2: m.cssLayoutViewport.clientHeight };
}

/** The nodes (with a DOM node) whose box meets the visible area of their frame. */
export async function nodesInViewport(root: SnapNode): Promise<Set<SnapNode>> {
  const visible = new Set<SnapNode>();

  const visitFrame = async (frameRoot: SnapNode, area: Rect): Promise<void> => {
    const nodes = allNodes(frameRoot).filter((n) => n.frame === frameRoot.frame && n.backendNodeId !== undefined);
    const boxes = await Promise.all(nodes.map((n) => quadsOf(n.frame.send, n.backendNodeId!)));
    const nested: Promise<void>[] = [];
    nodes.forEach((node, i) => {
      const meets = boxes[i]!.map((b) => intersect(b, area)).filter((r) => !isEmpty(r));
      if (meets.length > 0 || node === frameRoot) visible.add(node);
      if (node.role !== "iframe") return;
      for (const child of node.children) {
        if (child.frame === frameRoot.frame) continue;
        if (meets.length === 0) continue; // an iframe outside the viewport shows nothing
        // same session: the same renderer and coordinates, seen through the iframe's box;
        // another session: an out-of-process frame with a viewport of its own
        nested.push(child.frame.send === frameRoot.frame.send ? visitFrame(child, meets[0]!) : layoutViewport(child.frame.send).then((own) => visitFrame(child, own)));
      }
    });
    await Promise.all(nested);
  };

  await visitFrame(root, await layoutViewport(root.frame.send));
  return visible;
}
