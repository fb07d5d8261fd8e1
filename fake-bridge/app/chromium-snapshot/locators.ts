/**
 * Locators for the refs of a real page, each offered only when it is unique in the node's own frame
 * (`href:`, then `role:[name=]`, then `css:#id`); a node whose candidates are all shared is ambiguous.
 * Candidates name a node by what it is, never its position. The href form: fake-bridge/README.md.
 */
import type { FrameCapture } from "./capture.js";
import { allNodes, type SnapNode } from "./tree.js";

export type Locator = { kind: "unique"; value: string } | { kind: "ambiguous" };

const NO_ROLE_LOCATOR = new Set(["root", "text", "container", "iframe", "label", "paragraph"]);
const CSS_ID = /^[A-Za-z][A-Za-z0-9_-]*$/;
const MAX_NAME = 80;

function roleCandidate(node: SnapNode): string | undefined {
  if (NO_ROLE_LOCATOR.has(node.role) || node.name === "" || node.name.length > MAX_NAME || /[\]["\n]/.test(node.name)) return undefined;
  return `role:${node.role}[name=${node.name}]`;
}

function countBy<T>(items: readonly T[], key: (item: T) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;

/** The href locator value of a link whose resolved URL is `href`, in a frame whose document is at `documentURL`. */
export function hrefLocatorValue(href: string, documentURL: string, options: { absolute?: boolean } = {}): string {
  const url = new URL(href);
  let own: string | undefined;
  try {
    own = new URL(documentURL).origin;
  } catch {
    own = undefined;
  }
  return !options.absolute && own !== undefined && own !== "null" && url.origin === own ? pathOf(url) : url.href;
}

/** How many links of the frame an href locator value matches (by path or by absolute URL). */
function linkMatcher(frame: FrameCapture): (value: string) => number {
  const urls: URL[] = [];
  for (const e of frame.elements.values()) {
    if (!/^(A|AREA)$/.test(e.nodeName) || !e.attributes.has("href")) continue;
    try {
      urls.push(new URL(e.attributes.get("href")!, frame.baseURL));
    } catch {
      // an href that is no URL matches nothing
    }
  }
  return (value) => urls.filter((u) => u.href === value || pathOf(u) === value).length;
}

async function idIsUnique(frame: FrameCapture, backendNodeId: number, id: string): Promise<boolean> {
  const { nodeIds } = (await frame.send("DOM.querySelectorAll", { nodeId: frame.documentNodeId, selector: `#${id}` })) as { nodeIds: number[] };
  return nodeIds.length === 1 && nodeIds[0] === frame.elements.get(backendNodeId)?.nodeId;
}

/** The locator of every node that has a ref and a candidate, keyed by node. */
export async function locateNodes(
  root: SnapNode,
  hasRef: (n: SnapNode) => boolean,
  /** mutant ambiguous-locators-printed: offer the first candidate even when it is not unique */
  { firstCandidate = false, absoluteHrefs = false }: { firstCandidate?: boolean; absoluteHrefs?: boolean } = {},
): Promise<Map<SnapNode, Locator>> {
  const nodes = allNodes(root).filter((n) => !n.transparent && hasRef(n));
  const frames = new Set(nodes.map((n) => n.frame));
  const hrefMatches = new Map([...frames].map((f) => [f, linkMatcher(f)]));
  const roleCounts = new Map([...frames].map((f) => [f, countBy(allNodes(root).filter((n) => n.frame === f && !n.transparent), roleCandidate)]));
  const result = new Map<SnapNode, Locator>();
  await Promise.all(
    nodes.map(async (node) => {
      let candidates = 0;
      if (node.href !== undefined) {
        // a link is located by its href alone, as a native build does: where another link of the
        // frame shares it, the link has no locator (not its role and name)
        const value = hrefLocatorValue(node.href, node.frame.documentURL, { absolute: absoluteHrefs });
        const unique = firstCandidate || hrefMatches.get(node.frame)!(value) === 1;
        return void result.set(node, unique ? { kind: "unique", value: `href:${value}` } : { kind: "ambiguous" });
      }
      const role = roleCandidate(node);
      if (role !== undefined) {
        candidates++;
        if (firstCandidate) return void result.set(node, { kind: "unique", value: role });
        if (roleCounts.get(node.frame)!.get(role) === 1) return void result.set(node, { kind: "unique", value: role });
      }
      const id = node.backendNodeId === undefined ? undefined : node.frame.elements.get(node.backendNodeId)?.attributes.get("id");
      if (id !== undefined && CSS_ID.test(id)) {
        candidates++;
        if (await idIsUnique(node.frame, node.backendNodeId!, id)) return void result.set(node, { kind: "unique", value: `css:#${id}` });
      }
      if (candidates > 0) result.set(node, { kind: "ambiguous" });
    }),
  );
  return result;
}
