/**
 * The snapshot text and refs of a page tree (native-bindings-api.md, "Snapshot"): an indented tree,
 * two spaces per level, a `root` line, then `<role> "<name>" [ref=N, loc=..., url=..., action=...]`
 * lines, `text "..."`, `container`, and `iframe "<title>" [ref=N]` holding its frame's own `root`.
 * Unnamed nodes print no name (`button [ref=N]`). That text form is the fake's choice; the
 * switch `textForm` prints the port's (../snapshot-text-form.ts).
 *
 * - refs: one `{refId, backendNodeId, role, name, loc?, frameId?}` per printed node that is not
 *   root, text or container, in document order, printed `[ref=<refId>]`
 *   (native-snapshot-ref-requirement.md): refIds are unique within the snapshot across renderer
 *   processes (./ref-ids.ts), backendNodeIds stay local to their renderer, and every ref carries
 *   its frame's `frameId`, the top document's too (the runtime backfills a missing one only where
 *   a backendNodeId has a single possible owner, and an out-of-process frame repeats the page's ids).
 * - full_page prints the whole tree; only_within_viewport the nodes whose box meets the viewport;
 *   subtree the `root` line, then the node whose backendNodeId is `root` (matched across all frames:
 *   none or several fail with EGO_SNAPSHOT_FAILED, as Ego Lite 0.5.0.19 does) at depth 1 with its
 *   descendants; a frame's document as root means that frame's whole tree.
 * - interactiveOnly keeps interactive nodes and the iframe boundaries around them.
 * - A node left out by a scope or filter passes its place to its children (hidden ones too).
 * - Compact text (native-snapshot-ref-requirement.md be48d11): no blank text, no text repeating
 *   its parent's name, no empty unnamed container, an unnamed container with one child is that child.
 * - maxResultLength cuts content to at most that many characters; refs keep the nodes whose line is
 *   printed in full (the page model's choice, clause snapshot.max-result-length).
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
