/**
 * The call log of one binding (one `ego-browser nodejs` invocation), for unit tests of code built
 * on `globalThis.ego`: each call's method, arguments and channel, in start and settle order.
 */
import type { MethodName } from "./methods.js";

/**
 * How a call ended (native-bindings-api.md, "Error Codes"; research 1.2):
 * - `returned`: a synchronous method returned (useTaskSpace; sendCDPMessage returns undefined);
 * - `threw`: the call threw synchronously (invalid arguments, a missing CDP channel);
 * - `resolved` / `rejected`: the Promise of an async method settled that way (a `{error,
 *   error_code}` object is `resolved`: `failed` says whether it carried `error`);
 * - `cdp-answer` / `error-callback`: how a sendCDPMessage was answered later, through
 *   onCDPMessage (the message with the send's id) or onSendCDPMessageError.
 */
export type CallChannel = "returned" | "threw" | "resolved" | "rejected" | "cdp-answer" | "error-callback";

export interface CallEntry {
  /** 1, 2, 3 ... in the order the calls were made (within this log) */
  readonly started: number;
  readonly method: MethodName;
  /** the arguments as passed (a copy of the array, not of the values) */
  readonly args: readonly unknown[];
  /** how the call ended; `pending` until it has */
  channel: CallChannel | "pending";
  /** the returned or resolved value, the thrown or rejected error, or the callback's arguments */
  value?: unknown;
  /** a resolved `{error, error_code}` object, a rejection, a throw or an error callback */
  failed?: boolean;
  /** the `error_code` the failure carried, where it carried one */
  errorCode?: string;
  /** 1, 2, 3 ... in the order the calls settled; undefined while pending */
  settled?: number;
  /** answered by a raw answer the test set, in place of the contract's behaviour */
  offContract?: true;
  /** made by the test's own staging code (a hook, a background scope), not by the code under test */
  background?: true;
}

/** How a call is flagged when it begins. */
export interface CallFlags {
  background?: boolean;
}

/** `[method, ...args]`: a call as ad hoc fakes record it. */
export type CallTuple = [MethodName, ...unknown[]];

/** A call as noted outside a CallLog: what began, and how and when (in settle order) it ended. */
export interface CallNote {
  method: MethodName;
  args: readonly unknown[];
  channel?: CallChannel;
  value?: unknown;
  settled?: number;
  /** how many calls had settled when this one began (where it was noted) */
  after?: number;
}

export interface CallFilter {
  method?: MethodName | readonly MethodName[];
  channel?: CallEntry["channel"] | readonly CallEntry["channel"][];
  failed?: boolean;
  /** only the calls that started after this mark (`mark()`) */
  since?: number;
  /** true: only background calls; false: only the others (the code under test's) */
  background?: boolean;
  /** true: only the calls a raw answer answered; false: only the others */
  offContract?: boolean;
}

function matches<T>(value: T, wanted: T | readonly T[] | undefined): boolean {
  if (wanted === undefined) return true;
  return Array.isArray(wanted) ? (wanted as readonly T[]).includes(value) : wanted === value;
}

function flagMatches(value: boolean | undefined, wanted: boolean | undefined): boolean {
  return wanted === undefined || (value ?? false) === wanted;
}

function errorCodeOf(value: unknown): string | undefined {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return undefined;
  const code = (value as { error_code?: unknown }).error_code;
  return typeof code === "string" ? code : undefined;
}

/**
 * It records; it never changes what a call does. Between phases of a test: `mark()` then
 * `list({ since })`, or `clear()`; `tuples()` gives the calls as `[method, ...args]`. An entry may
 * be flagged `offContract` (answered by a raw answer the test set) or `background` (made by the
 * test's own staging code: the library that records the log says which calls those are).
 */
export class CallLog {
  private readonly entries: CallEntry[] = [];
  private settledCount = 0;
  private startedCount = 0;

  /** A call begins (the library's wrapper calls this before the binding sees the call). */
  begin(method: MethodName, args: readonly unknown[], flags: CallFlags = {}): CallEntry {
    const entry: CallEntry = { started: ++this.startedCount, method, args: [...args], channel: "pending" };
    if (flags.background) entry.background = true;
    this.entries.push(entry);
    return entry;
  }

  /** The call ended on `channel`. A resolved object with an `error` string counts as failed. */
  settle(entry: CallEntry, channel: CallChannel, value: unknown): void {
    if (entry.channel !== "pending") return;
    entry.channel = channel;
    entry.value = value;
    const failedObject = channel === "resolved" && value !== null && typeof value === "object" && typeof (value as { error?: unknown }).error === "string";
    entry.failed = channel === "threw" || channel === "rejected" || channel === "error-callback" || failedObject;
    const code = channel === "error-callback" ? (value as unknown[])[1] : errorCodeOf(value);
    if (typeof code === "string") entry.errorCode = code;
    entry.settled = ++this.settledCount;
  }

  /** Every entry, in the order the calls started, or those that match the filter. */
  list(filter: CallFilter = {}): readonly CallEntry[] {
    return this.entries.filter(
      (e) =>
        matches(e.method, filter.method) &&
        matches(e.channel, filter.channel) &&
        flagMatches(e.failed, filter.failed) &&
        flagMatches(e.background, filter.background) &&
        flagMatches(e.offContract, filter.offContract) &&
        (filter.since === undefined || e.started > filter.since),
    );
  }

  /** The matching calls as `[method, ...args]`, in the order they started. */
  tuples(filter: CallFilter = {}): CallTuple[] {
    return this.list(filter).map((e) => [e.method, ...e.args]);
  }

  /** A mark between phases: `list({ since: mark })` gives the calls started after it. */
  mark(): number {
    return this.startedCount;
  }

  /** Marks an entry as answered by a raw answer (the library calls this before it settles). */
  markOffContract(entry: CallEntry): void {
    entry.offContract = true;
  }

  /** The matching entries in the order they settled (pending ones left out). */
  inSettleOrder(filter: CallFilter = {}): readonly CallEntry[] {
    return this.list(filter)
      .filter((e) => e.settled !== undefined)
      .sort((a, b) => a.settled! - b.settled!);
  }

  /** The methods called, in order: a compact view for assertions. */
  methods(filter: CallFilter = {}): MethodName[] {
    return this.list(filter).map((e) => e.method);
  }

  /**
   * A log made from calls noted elsewhere (inside a target, by the probe runtime): each begins in
   * the order given and settles in the order of its `settled` number (pending ones stay pending).
   */
  static fromNotes(notes: readonly CallNote[]): CallLog {
    const log = new CallLog();
    const entries = notes.map((n) => log.begin(n.method, n.args));
    const settling = notes.map((n, i) => ({ n, e: entries[i]! })).filter((x) => x.n.channel !== undefined && x.n.settled !== undefined);
    for (const { n, e } of settling.sort((a, b) => a.n.settled! - b.n.settled!)) log.settle(e, n.channel!, n.value);
    return log;
  }

  get size(): number {
    return this.entries.length;
  }

  /**
   * Forgets every entry. Start numbers go on from where they were, so a mark taken before still
   * separates the calls after it; a call pending at the clear settles unrecorded.
   */
  clear(): void {
    this.entries.length = 0;
  }
}
