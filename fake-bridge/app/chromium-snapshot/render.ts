/**
 * The snapshot text and refs of a captured page tree: scopes, filters, compact text and
 * maxResultLength applied to the tree, refs numbered per snapshot across renderers (../../chromium/ref-ids.ts).
 * The text form and each choice are described in fake-bridge/README.md, "Snapshots of real pages".
 */
import type { SnapshotOptions, SnapshotRef, SnapshotResult } from "../snapshot-shape.js";
import { nodeLabel, printsRoot, type TextForm } from "../snapshot-text-form.js";
import { UNSTABLE_LOCATOR } from "../snapshot-shape.js";
import type { Locator } from "./locators.js";
import type { SnapNode } from "./tree.js";

export interface Shown {
  node: SnapNode;
  children: Shown[];
}

const NO_REF = new Set(["root", "text", "container"]);
export const hasRef = (n: SnapNode) => !NO_REF.has(n.role) && n.backendNodeId !== undefined;

const ACTIONS: Record<string, string> = { textbox: "type", searchbox: "type", combobox: "select", listbox: "select", slider: "set", spinbutton: "type" };

/** The nodes to print under `top`, each one kept by `keep` or replaced by its kept descendants. */
export function project(nodes: readonly SnapNode[], keep: (n: SnapNode) => boolean): Shown[] {
  return nodes.flatMap((node) => {
    const children = project(node.children, keep);
    return !node.transparent && keep(node) ? [{ node, children: compactChildren(node, children) }] : children;
  });
}

/** The compact-text rules applied to the nodes under the top `root` line. */
export const compactTop = (shown: Shown[]): Shown[] => compactChildren({ name: "" }, shown);

function compactChildren(parent: Pick<SnapNode, "name">, children: Shown[]): Shown[] {
  return children
    .filter((c) => !(c.node.role === "text" && parent.name !== "" && parent.name.includes(c.node.name)))
    .flatMap((c) => {
      if (c.node.role !== "container" || c.node.name !== "") return [c];
      if (c.children.length === 0) return [];
      return c.children.length === 1 ? c.children : [c];
    });
}

interface Line {
  depth: number;
  node: SnapNode | null; // null: the top `root` line
}

function lines(shown: readonly Shown[], depth: number, form: TextForm): Line[] {
  return shown.flatMap((s) =>
    // a form without root lines prints a frame's nodes in its root's place
    s.node.role === "root" && !printsRoot(form) ? lines(s.children, depth, form) : [{ depth, node: s.node }, ...lines(s.children, depth + 1, form)],
  );
}

function locValue(node: SnapNode, locators: ReadonlyMap<SnapNode, Locator> | undefined, switches: { locatorOmission: boolean }): string | undefined {
  const loc = locators?.get(node);
  if (loc === undefined) return undefined;
  if (loc.kind === "unique") return loc.value;
  return switches.locatorOmission ? undefined : UNSTABLE_LOCATOR;
}

/** How refs are numbered and what they carry: the build's rule, or a mutant plan's departure from it. */
export interface RefNumbering {
  /** the refId of a node with a ref; undefined: the ref has none and prints its backendNodeId */
  refId(node: SnapNode): number | undefined;
  /** whether refs of nodes inside iframes carry their frameId (false: the mutant frame-ids-omitted) */
  frameIds: boolean;
  /** whether the top document's refs carry theirs too (false: the mutant top-frame-ids-omitted) */
  topFrameIds?: boolean;
}

export function renderLines(
  shown: readonly Shown[],
  options: SnapshotOptions,
  locators: ReadonlyMap<SnapNode, Locator> | undefined,
  switches: { locatorOmission: boolean; textForm?: TextForm },
  numbering: RefNumbering,
  refOf: (n: SnapNode) => boolean = hasRef,
): SnapshotResult {
  const form = switches.textForm ?? "tree";
  const all: Line[] = printsRoot(form) ? [{ depth: 0, node: null }, ...lines(shown, 1, form)] : lines(shown, 0, form);
  const limit = options.maxResultLength > 0 ? Math.floor(options.maxResultLength) : Infinity;
  const refs: SnapshotRef[] = [];
  const texts: string[] = [];
  let offset = 0;
  for (const line of all) {
    const node = line.node;
    const indent = "  ".repeat(line.depth);
    let text: string;
    let ref: SnapshotRef | undefined;
    if (node === null || node.role === "root") text = `${indent}root`;
    else {
      const label = nodeLabel(node.role, node.name, form, false);
      if (!refOf(node)) text = `${indent}${label}`;
      else {
        const refId = numbering.refId(node);
        const attrs = [`ref=${refId ?? node.backendNodeId}`];
        const loc = locValue(node, locators, switches);
        if (loc !== undefined) attrs.push(`loc=${loc}`);
        if (node.href !== undefined) attrs.push(`url=${node.href}`);
        if (options.includeActionMarks && node.interactive) attrs.push(`action=${ACTIONS[node.role] ?? "click"}`);
        text = `${indent}${label} [${attrs.join(", ")}]`;
        ref = {
          ...(refId !== undefined ? { refId } : {}),
          backendNodeId: node.backendNodeId!,
          ...(node.frame.frameId !== undefined && (node.frame.top ? numbering.topFrameIds !== false : numbering.frameIds) ? { frameId: node.frame.frameId } : {}),
          role: node.role,
          name: node.name,
          ...(loc !== undefined ? { loc } : {}),
        };
      }
    }
    const end = offset + text.length;
    if (ref !== undefined && end <= limit) refs.push(ref);
    texts.push(text);
    offset = end + 1;
  }
  const content = texts.join("\n");
  return { content: limit === Infinity ? content : content.slice(0, limit), refs };
}
