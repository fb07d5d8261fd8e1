/**
 * Stable locators for the page model's snapshot refs: `href:<url>` for links, `role:<role>[name=...]`
 * otherwise. A candidate two nodes share identifies neither, so both are ambiguous and print no `loc`.
 */
export type LocatorHint = { readonly kind: "stable"; readonly value: string } | { readonly kind: "ambiguous" };

const UNLOCATABLE_ROLES = new Set(["root", "text"]);

/** What a locator is made from: a node of a page (./page-model.ts PageNode is one), its locator set here. */
export interface LocatableNode {
  readonly role: string;
  readonly name: string;
  readonly href?: string;
  locator?: LocatorHint;
}

export function candidateLocator(node: Pick<LocatableNode, "role" | "name" | "href">): string | undefined {
  if (UNLOCATABLE_ROLES.has(node.role)) return undefined;
  if (node.role === "link" && node.href !== undefined) return `href:${node.href}`;
  return `role:${node.role}[name=${node.name}]`;
}

export function assignLocators(nodes: readonly LocatableNode[]): void {
  const counts = new Map<string, number>();
  for (const node of nodes) {
    const c = candidateLocator(node);
    if (c !== undefined) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  for (const node of nodes) {
    const c = candidateLocator(node);
    if (c === undefined) continue;
    node.locator = counts.get(c) === 1 ? { kind: "stable", value: c } : { kind: "ambiguous" };
  }
}
