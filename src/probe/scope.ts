/**
 * What a probe function receives inside the target. Implemented by ./runtime.ts, whose source
 * travels into the target with every probe.
 */
import type { Json } from "../contract/arguments.js";
import type { EgoSurface } from "../contract/ego-surface.js";
import type { Observation } from "./observation.js";

export interface ObserveOptions {
  /** how long a returned Promise may stay pending before the observation says "timeout" */
  timeoutMs?: number;
  /** a label for messages, e.g. `listTabs()` */
  call?: string;
}

export interface CdpObserveOptions {
  /** how long to wait for the first callback after the send (5 s by default) */
  waitMs?: number;
  /** how long to keep collecting after the first callback, for duplicates and strays (50 ms by default) */
  settleMs?: number;
}

/** A message the CDP client received that answered no pending send (an event, or a stray response). */
export interface CdpEvent {
  method?: string;
  params?: any;
  sessionId?: string;
  id?: number;
  unparsed?: string;
}

/** How a CDP send of the client ended: the response, a pre-send failure, a synchronous throw, or no answer in time. */
export interface CdpAnswer {
  id?: number;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
  sessionId?: string;
  sendError?: { message: Json; code: Json };
  threw?: Json;
  timeout?: true;
}

export interface CdpClient {
  /** messages that answered no send: events, in arrival order */
  readonly events: CdpEvent[];
  send(method: string, params?: unknown, sessionId?: string): Promise<CdpAnswer>;
  /** the first event `method` (on `sessionId`, when given), already seen or arriving within waitMs; null if none */
  waitForEvent(method: string, sessionId?: string, waitMs?: number): Promise<CdpEvent | null>;
  /** puts the callbacks that were there before back */
  close(): void;
}

export interface ProbeScope {
  ego: EgoSurface;
  /** Call `thunk` and record how it ended: returned, threw, resolved, rejected or timeout. */
  observe(thunk: () => unknown, options?: ObserveOptions): Promise<Observation>;
  /**
   * Observe `ego[method](...args)`. `args` may hold encoded values JSON cannot carry
   * (`{$:'undefined'}`, `{$:'NaN'}`, `{$:'Infinity'}`, `{$:'function'}`), decoded here.
   * A method that does not exist is observed as a synchronous TypeError, as calling it would be.
   */
  call(method: string, args?: Json[], options?: ObserveOptions): Promise<Observation>;
  /**
   * Send a raw CDP message with recorders on both callback slots, wait (bounded by `waitMs`) for
   * the first delivery, collect for `settleMs` more, then restore the slots as they were.
   */
  cdp(message: unknown, options?: CdpObserveOptions): Promise<Observation>;
  /** A CDP client over the callback slots (it takes both slots until close()). */
  cdpClient(options?: { timeoutMs?: number }): CdpClient;
  /** `fn` with a CDP client of its own (cdpClient), closed after however `fn` ended: what `fn` returned. */
  withCdp<R>(fn: (cdp: CdpClient) => R | Promise<R>, options?: { timeoutMs?: number }): Promise<R>;
  /** Make a value JSON-safe (undefined dropped, functions and non-finite numbers described). */
  toJson(value: unknown): Json;
  sleep(ms: number): Promise<void>;
  /**
   * A poll (a loop that repeats a call until the page shows what it waits for): each
   * `attempt(fn)` notes fn's calls as one attempt, and the recording keeps the last attempt's
   * calls with the number of attempts (src/probe/call-recorder.ts). The loop, its bound and its
   * pause stay the probe's own; an attempt runs alone (no call of the probe beside it).
   */
  poll(): ProbePoll;

  // ---- for the harness's own steps (create, select, list, clean up), never for a clause's verdict ----
  /**
   * `ego[method](...args)` observed, awaited when it returns a Promise; when the (SDK) wrapper
   * throws or rejects, retried through the bare native function the SDK copied onto globalThis.
   */
  step(method: string, args?: Json[], options?: ObserveOptions): Promise<Observation>;
  /** A step that resolved (or returned) anything but an `{error}` object: a status string, `{}`, `{done: true}`. */
  succeeded(obs: Observation): boolean;
  /** Select a space (useTaskSpace, awaited if it returns a Promise); false when the selection failed. */
  use(key: Json): Promise<boolean>;
  /** The listing as entries, from `{taskSpaces}` or the older shapes (bare array, `{spaces}`, `{taskIds}`, names), with the observation it read. */
  spaces(): Promise<{ ok: boolean; entries: Record<string, Json>[]; reason?: string; observation: Observation }>;
  /** The entry of a space known by its key (id, or name before numeric ids) and name: by id, else by name. */
  findEntry(entries: Record<string, Json>[], key: Json, name?: Json): Record<string, Json> | undefined;
  // ---- for the recording of a run (./call-recorder.ts), never for a probe body ----
  /** Note every call to `methods` from now on: through call(), step(), cdp(), the CDP client and `ego` itself. */
  startRecording(methods: readonly string[]): void;
  /** The calls noted since startRecording(), in the order they began (src/contract/call-log.ts CallNote). */
  recorded(): Json[];
  /** What to pass to useTaskSpace for a listed entry: its id, else its taskId or name. */
  keyOf(entry: Record<string, Json>): Json;
}

/** One poll of a probe (ProbeScope.poll). */
export interface ProbePoll {
  attempt<R>(fn: () => R | Promise<R>): Promise<R>;
}
