/** Shared helpers of the fake-bridge tests. */
import type { EgoSurface } from "../../src/contract/ego-surface.js";
import { createFakeBrowser, type FakeBrowser, type FakeBrowserOptions } from "../../fake-bridge/index.js";

/** Any result the tests read fields of. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

/** Resolves after every setImmediate queued before it has run. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves after `n` event-loop turns. */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await nextTurn();
}

/** Drains the microtask queue a few times without letting the event loop advance. */
export async function microtasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

export function browser(options: FakeBrowserOptions = {}): FakeBrowser & { ego: EgoSurface } {
  const b = createFakeBrowser(options);
  return { ...b, ego: b.newBinding() };
}

/** Creates a space and selects it in `ego`; returns its numeric id. */
export async function selectNewSpace(ego: EgoSurface, name = "space"): Promise<number> {
  const ref = (await ego.createTaskSpace(name)) as Loose;
  ego.useTaskSpace(ref.id);
  return ref.id as number;
}

/** The rejection reason of a Promise, or a failure if it fulfilled. */
export async function rejectionOf(p: unknown): Promise<Loose> {
  try {
    await (p as Promise<unknown>);
  } catch (error) {
    return error;
  }
  throw new Error("expected the Promise to reject");
}

/** Collects what the CDP callbacks of a binding receive. */
export function recordCdp(ego: EgoSurface): { messages: Loose[]; errors: unknown[][] } {
  const record = { messages: [] as Loose[], errors: [] as unknown[][] };
  ego.onCDPMessage = (m: string) => record.messages.push(JSON.parse(m));
  ego.onSendCDPMessageError = (...args: unknown[]) => record.errors.push(args);
  return record;
}

export async function listed(ego: EgoSurface): Promise<Loose[]> {
  return ((await ego.listTaskSpaces()) as Loose).taskSpaces;
}

export async function entryOf(ego: EgoSurface, id: number): Promise<Loose> {
  return (await listed(ego)).find((s: Loose) => s.id === id);
}
