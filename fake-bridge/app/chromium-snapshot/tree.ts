/**
 * The snapshot tree of a captured page: Chromium's roles in the snapshot's words, iframes holding
 * their frame's tree, and ignored nodes kept as transparent nodes (never printed, still a valid `root`).
 */
import type { AxNode, FrameCapture, PageCapture } from "./capture.js";

export interface SnapNode {
  /** the DOM node behind it; undefined for inline text boxes and other nodes without one */
  readonly backendNodeId: number | undefined;
  readonly role: string;
  readonly name: string;
  readonly frame: FrameCapture;
  /** never printed; its children are printed in its place */
  readonly transparent: boolean;
  readonly interactive: boolean;
  /** for links: the resolved href */
  readonly href: string | undefined;
  readonly children: readonly SnapNode[];
}

const ROLE_WORDS: Record<string, string> = {
  RootWebArea: "root",
  WebArea: "root",
  StaticText: "text",
  Iframe: "iframe",
  IframePresentational: "iframe",
  generic: "container",
  none: "container",
  GenericContainer: "container",
  Section: "container",
  LabelText: "label",
  MenuListPopup: "container",
};
/** Chromium roles with nothing to print: inline text boxes (their StaticText carries the text), list bullets, line breaks. */
const DROPPED_ROLES = new Set(["InlineTextBox", "ListMarker", "LineBreak"]);
/** Roles the snapshot counts as interactive (interactiveOnly, action marks). */
export const INTERACTIVE_ROLES = new Set([
  "button", "link", "textbox", "searchbox", "checkbox", "radio", "combobox", "listbox", "option", "menuitem",
  "menuitemcheckbox", "menuitemradio", "slider", "spinbutton", "switch", "tab", "treeitem",
]);

/** Whitespace collapsed, zero-width characters removed. */
export function normalizeText(text: string): string {
  return text.replace(/[\u200b-\u200d\u2060\ufeff]/g, "").replace(/\s+/g, " ").trim();
}

function text(value: unknown): string {
  return typeof value === "string" ? normalizeText(value) : "";
}

function resolvedHref(frame: FrameCapture, backendNodeId: number | undefined): string | undefined {
  if (backendNodeId === undefined) return undefined;
  const element = frame.elements.get(backendNodeId);
  const href = element?.attributes.get("href");
  if (element === undefined || href === undefined || !/^(A|AREA)$/.test(element.nodeName)) return undefined;
  try {
    return new URL(href, frame.baseURL).href;
  } catch {
    return undefined;
  }
}

function frameTree(frame: FrameCapture): SnapNode {
  const byId = new Map(frame.ax.map((n) => [n.nodeId, n]));
  const top = frame.ax.find((n) => n.parentId === undefined) ?? frame.ax[0];
  const build = (ax: AxNode): SnapNode[] => {
    const chromeRole = text(ax.role?.value);
    if (DROPPED_ROLES.has(chromeRole)) return [];
    const children = (ax.childIds ?? []).flatMap((id) => {
      const child = byId.get(id);
      return child === undefined ? [] : build(child);
    });
    const backendNodeId = ax.backendDOMNodeId;
    const role = ROLE_WORDS[chromeRole] ?? chromeRole;
    const name = text(ax.name?.value);
    if (role === "text" && name === "") return [];
    const framed = role === "iframe" && backendNodeId !== undefined ? frame.children.get(backendNodeId) : undefined;
    return [
      {
        backendNodeId,
        role,
        name,
        frame,
        transparent: ax.ignored === true || role === "",
        interactive: INTERACTIVE_ROLES.has(role),
        href: role === "link" ? resolvedHref(frame, backendNodeId) : undefined,
        children: framed === undefined ? children : [frameTree(framed)],
      },
    ];
  };
  if (top === undefined) return { backendNodeId: undefined, role: "root", name: "", frame, transparent: false, interactive: false, href: undefined, children: [] };
  const [root] = build(top);
  return { ...root!, role: "root", transparent: false };
}

/** The tree of the whole page: the top document's `root`, iframes holding their frame's `root`. */
export function buildTree(capture: PageCapture): SnapNode {
  return frameTree(capture.top);
}

/** Every node of the tree, in document order (transparent ones included). */
export function allNodes(node: SnapNode): SnapNode[] {
  return [node, ...node.children.flatMap(allNodes)];
}
