/**
 * Deterministic identifiers: space ids from a counter never rewound (an id is never reused), target
 * ids in Chromium's form from a counter so that two fakes built alike agree. The allowed deviations
 * space-ids-sparse and ids-other-values hand out other values of the same documented types.
 */
import { createHash } from "node:crypto";

export class Counter {
  private next: number;
  constructor(
    start = 1,
    private readonly step = 1,
  ) {
    this.next = start;
  }
  take(): number {
    const value = this.next;
    this.next += this.step;
    return value;
  }
  /** the value the next `take()` returns (for inspection) */
  peek(): number {
    return this.next;
  }
}

/** Where the space-ids-sparse plan's task-space ids start, and how far apart they are. */
export const SPARSE_SPACE_IDS = { first: 70_001, step: 13 } as const;

function hex32(seed: string): string {
  return createHash("md5").update(seed).digest("hex").toUpperCase();
}

/** Where the ids-other-values plan's backendNodeIds start, and how far apart they are. */
export const OTHER_NODE_IDS = { first: 50_001, step: 7 } as const;

/** The n-th target id of a fake browser: 32 upper-case hex characters (`other`: the ids-other-values plan's lower-case ones). */
export function targetIdFor(n: number, other = false): string {
  return other ? hex32(`ego-fake-other-target:${n}`).toLowerCase() : hex32(`ego-fake-target:${n}`);
}

/** The CDP browserContextId of a profile (one context per profile, as in Chromium). */
export function browserContextIdFor(profileId: string): string {
  return hex32(`ego-fake-browser-context:${profileId}`);
}
