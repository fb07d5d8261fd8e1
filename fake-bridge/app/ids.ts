/**
 * Deterministic identifiers. Task-space ids come from a counter that starts at 1 and is never
 * rewound, so an id is never reused (research Q12). Target ids look like Chromium's: 32
 * upper-case hex characters, derived from a counter so that two fakes built alike agree.
 */
import { createHash } from "node:crypto";

export class Counter {
  private next: number;
  constructor(start = 1) {
    this.next = start;
  }
  take(): number {
    return this.next++;
  }
  /** the value the next `take()` returns (for inspection) */
  peek(): number {
    return this.next;
  }
}

function hex32(seed: string): string {
  return createHash("md5").update(seed).digest("hex").toUpperCase();
}

/** The n-th target id of a fake browser: 32 upper-case hex characters. */
export function targetIdFor(n: number): string {
  return hex32(`ego-fake-target:${n}`);
}

/** The CDP browserContextId of a profile (one context per profile, as in Chromium). */
export function browserContextIdFor(profileId: string): string {
  return hex32(`ego-fake-browser-context:${profileId}`);
}
