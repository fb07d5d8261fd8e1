/**
 * The refIds a snapshot prints: unique within a snapshot across renderers (a backendNodeId is local to
 * its renderer), a node keeping its ref for the page's life (research 1.5). The allowed deviation
 * ref-ids-offset numbers them so that no refId equals its node's backendNodeId.
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
