/**
 * The refs a snapshot prints (native-snapshot-ref-requirement.md, "Snapshot refs for iframe
 * content"; research 1.5): a `refId` per node, unique within one snapshot across renderer
 * processes, since a backendNodeId is local to its renderer and an out-of-process iframe's ids
 * repeat its page's. A node is its frame (the CDP frame id; "" for the top document) and its
 * backendNodeId there, so two nodes of one snapshot never share a key, and a key gets its number
 * once: kept for the page's life (one RefIds per page session), a node keeps its ref across
 * snapshots, as backendNodeIds do. The allowed deviation ref-ids-offset prints them from
 * OFFSET_REF_IDS.first by OFFSET_REF_IDS.step (offsetRefId), so that no refId happens to equal its
 * node's backendNodeId (Chromium numbers a fresh page's nodes from small numbers too).
 */
export class RefIds {
  private next = 1;
  private readonly ids = new Map<string, number>();

  /** The refId of the node `backendNodeId` of frame `frameId` (undefined: the top document). */
  of(frameId: string | undefined, backendNodeId: number): number {
    const key = `${frameId ?? ""}\n${backendNodeId}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(key, id);
    }
    return id;
  }
}

/** Where the ref-ids-offset plan's refIds start, and how far apart they are. */
export const OFFSET_REF_IDS = { first: 9_001, step: 7 } as const;

/** The ref-ids-offset plan's refId for the n-th ref (n from 1). */
export const offsetRefId = (n: number): number => OFFSET_REF_IDS.first + (n - 1) * OFFSET_REF_IDS.step;
