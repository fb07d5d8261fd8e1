/**
 * Pairing a snapshot's refs with their [ref=N] lines by what each line prints, never by position (the
 * reference states no order). An id repeated across renderers is settled by the line's name, then its
 * role; a ref that leaves no single line is unpaired.
 */
import { shows, type SnapLine } from "./snapshot-text.js";

export interface PrintedRef {
  refId?: number;
  backendNodeId: number;
  role?: string;
  name?: string;
}

/** What a ref's line prints as its [ref=N]. */
export const printedId = (ref: PrintedRef): number => ref.refId ?? ref.backendNodeId;

export interface Pairing<R extends PrintedRef> {
  /** each ref with the one line that prints its id (and, where the id repeats, its name) */
  paired: { ref: R; line: SnapLine }[];
  /** refs no single line prints: no line with the id, or several alike */
  unpaired: R[];
}

export function pairRefsWithLines<R extends PrintedRef>(refs: readonly R[], lines: readonly SnapLine[]): Pairing<R> {
  const byId = new Map<string, SnapLine[]>();
  for (const l of lines) {
    const id = l.attrs.get("ref");
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), l]);
  }
  const refsWithId = (id: string) => refs.filter((r) => String(printedId(r)) === id).length;
  const chosen = refs.map((ref) => {
    const id = String(printedId(ref));
    let at = byId.get(id) ?? [];
    if (at.length === 1 && refsWithId(id) === 1) return at[0];
    if (ref.name) at = at.filter((l) => shows(l.raw, ref.name!) > 0);
    if (at.length > 1 && ref.role !== undefined) at = at.filter((l) => l.role === ref.role);
    return at.length === 1 ? at[0] : undefined;
  });
  // a line two refs chose pairs with neither
  const taken = new Map<number, number>();
  for (const l of chosen) if (l !== undefined) taken.set(l.index, (taken.get(l.index) ?? 0) + 1);
  const paired: Pairing<R>["paired"] = [];
  const unpaired: R[] = [];
  refs.forEach((ref, i) => {
    const line = chosen[i];
    if (line !== undefined && taken.get(line.index) === 1) paired.push({ ref, line });
    else unpaired.push(ref);
  });
  return { paired, unpaired };
}
