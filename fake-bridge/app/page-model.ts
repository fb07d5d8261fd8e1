/**
 * The deterministic page behind every tab when there is no browser: one small page that carries each
 * case the snapshot contract talks about (a unique locator, an ambiguous one, nodes below the fold,
 * containers). backendNodeIds are fixed when the page is built, so they are stable across snapshots.
 */
import { assignLocators, type LocatorHint } from "./model-locators.js";
import { BLANK_URL, resolveHref } from "./urls.js";

export interface PageNode {
  readonly backendNodeId: number;
  /** 'root' for the document, 'text' for text, otherwise an ARIA role */
  readonly role: string;
  readonly name: string;
  readonly href?: string;
  readonly interactive: boolean;
  readonly inViewport: boolean;
  readonly children: readonly PageNode[];
  /** set by assignLocators; undefined for nodes no locator strategy applies to */
  locator?: LocatorHint;
}

export interface Page {
  readonly url: string;
  readonly document: PageNode;
  readonly byId: ReadonlyMap<number, PageNode>;
}

interface NodeSpec {
  role: string;
  name: string;
  href?: string;
  interactive?: boolean;
  inViewport?: boolean;
  children?: NodeSpec[];
}

export const PAGE_TEXT = "This page is served by the ego-conformance fake bridge.";
export const LEARN_MORE_PATH = "/learn-more";

function pageSpec(url: string, title: string): NodeSpec[] {
  if (url === BLANK_URL) return [];
  const learnMore = resolveHref(LEARN_MORE_PATH, url);
  return [
    { role: "heading", name: title },
    { role: "text", name: PAGE_TEXT },
    { role: "button", name: "Continue", interactive: true },
    {
      role: "navigation",
      name: "Related",
      inViewport: false,
      children: [
        { role: "link", name: "Learn more", href: learnMore, interactive: true },
        { role: "link", name: "Learn more", href: learnMore, interactive: true },
      ],
    },
    {
      role: "form",
      name: "Sign in",
      inViewport: false,
      children: [{ role: "textbox", name: "Email", interactive: true }],
    },
  ];
}

export function buildPage(url: string, title: string, allocateNodeId: () => number): Page {
  const byId = new Map<number, PageNode>();
  const build = (spec: NodeSpec, parentInViewport: boolean): PageNode => {
    const backendNodeId = allocateNodeId();
    const inViewport = parentInViewport && spec.inViewport !== false;
    const node: PageNode = {
      backendNodeId,
      role: spec.role,
      name: spec.name,
      ...(spec.href !== undefined ? { href: spec.href } : {}),
      interactive: spec.interactive ?? false,
      inViewport,
      children: (spec.children ?? []).map((c) => build(c, inViewport)),
    };
    byId.set(backendNodeId, node);
    return node;
  };
  const document = build({ role: "root", name: "", children: pageSpec(url, title) }, true);
  assignLocators([...byId.values()]);
  return { url, document, byId };
}

/** Nodes in document order (the document node first). */
export function documentOrder(node: PageNode): PageNode[] {
  return [node, ...node.children.flatMap(documentOrder)];
}
