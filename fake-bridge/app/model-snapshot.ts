/**
 * Renders the page model's structured snapshot (native-bindings-api.md, "Snapshot"). Where the docs
 * are silent the choices are the catalogue's and fake-bridge/README.md's, "Choices where the docs are silent".
 */
import { fail, failures, ok, type Outcome } from "./failures.js";
import { documentOrder, type Page, type PageNode } from "./page-model.js";
import { UNSTABLE_LOCATOR, type SnapshotOptions, type SnapshotRef, type SnapshotResult } from "./snapshot-shape.js";
import { nodeLabel, printsRoot, type TextForm } from "./snapshot-text-form.js";

export interface RenderSwitches {
  /** omit ambiguous locators (true) or print them as 'unstable' (older builds) */
  locatorOmission: boolean;
  /** how content prints its lines (./snapshot-text-form.ts; default the tree form) */
  textForm?: TextForm;
}

interface Line {
  depth: number;
  node: PageNode | null; // null: the `root` line
}

const hasRef = (node: PageNode) => node.role !== "root" && node.role !== "text";
const ACTION: Record<string, string> = { button: "click", link: "click", textbox: "type" };

function locOf(node: PageNode, options: SnapshotOptions, switches: RenderSwitches): string | undefined {
  if (!options.includeStableLocator || node.locator === undefined) return undefined;
  if (node.locator.kind === "stable") return node.locator.value;
  return switches.locatorOmission ? undefined : UNSTABLE_LOCATOR;
}

function lineText(line: Line, options: SnapshotOptions, switches: RenderSwitches): string {
  const form = switches.textForm ?? "tree";
  // without a root line every other line moves up a level
  const indent = "  ".repeat(printsRoot(form) ? line.depth : line.depth - 1);
  const node = line.node;
  if (node === null) return `${indent}root`;
  const label = nodeLabel(node.role, node.name, form, true);
  if (!hasRef(node)) return `${indent}${label}`;
  const attrs = [`ref=${node.backendNodeId}`];
  const loc = locOf(node, options, switches);
  if (loc !== undefined) attrs.push(`loc=${loc}`);
  if (node.href !== undefined) attrs.push(`url=${node.href}`);
  if (options.includeActionMarks && node.interactive) attrs.push(`action=${ACTION[node.role] ?? "click"}`);
  return `${indent}${label} [${attrs.join(", ")}]`;
}

function treeLines(nodes: readonly PageNode[], depth: number, visible: (n: PageNode) => boolean): Line[] {
  return nodes.filter(visible).flatMap((n) => [{ depth, node: n }, ...treeLines(n.children, depth + 1, visible)]);
}

function selectLines(page: Page, options: SnapshotOptions): Outcome<Line[]> {
  let top: readonly PageNode[] = page.document.children;
  if (options.scope === "subtree") {
    const root = options.root === undefined ? undefined : page.byId.get(options.root);
    if (root === undefined) return fail(failures.snapshotFailed(`No node with backendNodeId ${String(options.root)} in the current page`));
    if (root !== page.document) top = [root];
  }
  const visible = options.scope === "only_within_viewport" ? (n: PageNode) => n.inViewport : () => true;
  const lines: Line[] = options.interactiveOnly
    ? top.flatMap(documentOrder).filter((n) => n.interactive && visible(n)).map((node) => ({ depth: 1, node }))
    : treeLines(top, 1, visible);
  return ok([{ depth: 0, node: null }, ...lines]);
}

export function renderSnapshot(page: Page, options: SnapshotOptions, switches: RenderSwitches): Outcome<SnapshotResult> {
  const selected = selectLines(page, options);
  if (!selected.ok) return selected;
  const limit = options.maxResultLength > 0 ? Math.floor(options.maxResultLength) : Infinity;
  const lines = printsRoot(switches.textForm ?? "tree") ? selected.value : selected.value.filter((l) => l.node !== null);
  const texts = lines.map((l) => lineText(l, options, switches));
  const content = texts.join("\n");
  const refs: SnapshotRef[] = [];
  let offset = 0;
  lines.forEach((line, i) => {
    const end = offset + texts[i]!.length;
    const node = line.node;
    if (node !== null && hasRef(node) && end <= limit) {
      const loc = locOf(node, options, switches);
      refs.push({ backendNodeId: node.backendNodeId, role: node.role, name: node.name, ...(loc !== undefined ? { loc } : {}) });
    }
    offset = end + 1;
  });
  return ok({ content: limit === Infinity ? content : content.slice(0, limit), refs });
}
