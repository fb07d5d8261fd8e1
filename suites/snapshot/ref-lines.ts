/**
 * Pairing a snapshot's refs with their [ref=N] lines. The reference lists `refs` in no stated
 * order, so a ref is found by the id its line prints, never by its position: `refId`, or its
 * `backendNodeId` when it has none (research 1.5: the runtime reads `refId ?? backendNodeId`).
 * A printed id that two refs or two lines share names no single line: a build without refIds
 * repeats backendNodeIds across renderers (a cross-origin frame), and such a ref cannot be paired.
 */
import type { SnapLine } from "./snapshot-text.js";

export interface PrintedRef {
  refId?: number;
  backendNodeId: number;
}

/** What a ref's line prints as its [ref=N]. */
export const printedId = (ref: PrintedRef): number => ref.refId ?? ref.backendNodeId;

export interface Pairing<R extends PrintedRef> {
  /** each ref whose printed id exactly one ref and exactly one line carry, with that line */
  paired: { ref: R; line: SnapLine }[];
  /** refs whose printed id another ref or another line also carries, or no line prints */
  unpaired: R[];
}

export function pairRefsWithLines<R extends PrintedRef>(refs: readonly R[], lines: readonly SnapLine[]): Pairing<R> {
  const refCount = new Map<string, number>();
  for (const r of refs) refCount.set(String(printedId(r)), (refCount.get(String(printedId(r))) ?? 0) + 1);
  const byId = new Map<string, SnapLine[]>();
  for (const l of lines) {
    const id = l.attrs.get("ref");
    if (id !== undefined) byId.set(id, [...(byId.get(id) ?? []), l]);
  }
  const paired: Pairing<R>["paired"] = [];
  const unpaired: R[] = [];
  for (const ref of refs) {
    const id = String(printedId(ref));
    const at = byId.get(id) ?? [];
    if (refCount.get(id) === 1 && at.length === 1) paired.push({ ref, line: at[0]! });
    else unpaired.push(ref);
  }
  return { paired, unpaired };
}
