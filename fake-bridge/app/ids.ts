/**
 * Deterministic identifiers. Task-space ids come from a counter that starts at 1 and is never
 * rewound, so an id is never reused (research Q12); the allowed deviation space-ids-sparse starts
 * it at SPARSE_SPACE_IDS.first and steps it by SPARSE_SPACE_IDS.step (the reference says only
 * that an id is a number). Target ids look like Chromium's: 32
 * upper-case hex characters, derived from a counter so that two fakes built alike agree. The
 * allowed deviation ids-other-values hands out other values of the same documented types: other
 * target ids (lower-case hex, another seed) and backendNodeIds from OTHER_NODE_IDS (the reference
 * types a targetId as a string and a backendNodeId as a number, and fixes no value).
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
