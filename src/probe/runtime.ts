/**
 * The probe runtime: ONE self-contained function whose source text is sent into the target ahead of
 * every probe, so it must close over nothing (test/probe runs it in a bare vm context).
 */
import type { ProbeScope } from "./scope.js";

export function createProbeScope(ego: any): ProbeScope {
  const DEFAULT_TIMEOUT_MS = 5000;

  function kindOf(value: unknown): string {
    if (value === null) return "null";
    if (Array.isArray(value)) return "array";
    return typeof value;
  }

  function toJson(value: unknown, depth = 0): any {
    if (depth > 20) return "[too deep]";
    if (value === undefined) return undefined;
    if (value === null || typeof value === "string" || typeof value === "boolean") return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : `[number ${String(value)}]`;
    if (typeof value === "bigint") return `[bigint ${String(value)}]`;
    if (typeof value === "function") return `[function ${(value as { name?: string }).name || "anonymous"}]`;
    if (typeof value === "symbol") return `[${String(value)}]`;
    if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : toJson(v, depth + 1)));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object)) {
      const v = toJson((value as Record<string, unknown>)[key], depth + 1);
      if (v !== undefined) out[key] = v;
    }
    return out;
  }

  function describeError(error: unknown): any {
    const isObject = typeof error === "object" && error !== null;
    const info: Record<string, unknown> = {
      isError: error instanceof Error,
      isTypeError: error instanceof TypeError,
      errorCodeIsOwn: isObject && Object.prototype.hasOwnProperty.call(error, "error_code"),
      ownKeys: isObject ? Object.getOwnPropertyNames(error) : [],
      thrownType: kindOf(error),
    };
    if (isObject) {
      const e = error as { name?: unknown; message?: unknown; error_code?: unknown };
      if (typeof e.name === "string") info.name = e.name;
      if (typeof e.message === "string") info.message = e.message;
      if (e.error_code !== undefined) info.error_code = toJson(e.error_code);
    } else {
      info.message = String(error);
    }
    return info;
  }

  function decodeArg(arg: unknown): unknown {
    if (arg && typeof arg === "object" && !Array.isArray(arg) && Object.keys(arg).length === 1 && "$" in arg) {
      const tag = (arg as { $: string }).$;
      if (tag === "undefined") return undefined;
      if (tag === "NaN") return NaN;
      if (tag === "Infinity") return Infinity;
      if (tag === "function") return function probeArgument() {};
      throw new Error(`probe: argument {$:'${tag}'} must be resolved by the harness before the call`);
    }
    return arg;
  }

  function describeArg(arg: unknown): string {
    if (arg && typeof arg === "object" && !Array.isArray(arg) && "$" in arg) {
      const tag = (arg as { $: string }).$;
      return tag === "function" ? "() => {}" : tag;
    }
    return JSON.stringify(arg);
  }

  function isThenable(value: unknown): value is PromiseLike<unknown> {
    return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
  }

  // ---- the recording of a run (./call-recorder.ts): every native call a probe makes, noted when asked ----
  let notes: any[] | undefined;
  let recordedMethods: string[] = [];
  let settledCount = 0;
  /** the poll attempt being made (poll(), below): its calls are noted as attempts of one poll */
  let attempting: { poll: number; attempt: number } | undefined;
  let pollCount = 0;

  /** Notes a call (when recording) and returns how to settle it: once, on its channel, with its value. */
  function note(method: string, args: unknown[]): (channel: string, value?: unknown) => void {
    if (notes === undefined) return () => {};
    const entry: Record<string, unknown> = { method, args: args.map((a) => toJson(a) ?? null), after: settledCount };
    if (attempting !== undefined) Object.assign(entry, attempting);
    notes.push(entry);
    return (channel, value) => {
      if (entry.channel !== undefined) return;
      entry.channel = channel;
      const json = toJson(value);
      if (json !== undefined) entry.value = json;
      entry.settled = ++settledCount;
    };
  }

  /** Settles a note from an observation: a timeout stays pending; an error is noted as the probe described it. */
  function settleFrom(done: (channel: string, value?: unknown) => void, obs: any): void {
    if (obs.channel === "timeout") return;
    done(obs.channel, obs.channel === "threw" || obs.channel === "rejected" ? obs.error : obs.value);
  }

  /** `ego` as a probe body sees it while recording: each method call noted, everything else the object's own. */
  function recordingView(): any {
    return new Proxy(ego, {
      get(target: any, key: PropertyKey) {
        const value = target[key];
        if (typeof key !== "string" || typeof value !== "function" || !recordedMethods.includes(key)) return value;
        return function recordedCall(...args: unknown[]) {
          const done = note(key, args);
          let returned: unknown;
          try {
            returned = value.apply(target, args);
          } catch (error) {
            done("threw", describeError(error));
            throw error;
          }
          if (!isThenable(returned)) {
            done("returned", returned);
            return returned;
          }
          return Promise.resolve(returned).then(
            (v) => (done("resolved", v), v),
            (e) => {
              done("rejected", describeError(e));
              throw e;
            },
          );
        };
      },
      set(target: any, key: PropertyKey, value: unknown) {
        target[key] = value;
        return true;
      },
    });
  }
  let view: any;

  async function observe(thunk: () => unknown, options: { timeoutMs?: number; call?: string } = {}): Promise<any> {
    const call = options.call ?? "call";
    let returned: unknown;
    try {
      returned = thunk();
    } catch (error) {
      return { call, channel: "threw", promise: false, error: describeError(error) };
    }
    if (!isThenable(returned)) {
      const obs: Record<string, unknown> = { call, channel: "returned", promise: false, valueType: kindOf(returned) };
      const json = toJson(returned);
      if (json !== undefined) obs.value = json;
      return obs;
    }
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ call, channel: "timeout", promise: true }), timeoutMs);
    });
    const settled = Promise.resolve(returned).then(
      (value) => {
        const obs: Record<string, unknown> = { call, channel: "resolved", promise: true, valueType: kindOf(value) };
        const json = toJson(value);
        if (json !== undefined) obs.value = json;
        return obs;
      },
      (error) => ({ call, channel: "rejected", promise: true, error: describeError(error) }),
    );
    try {
      return await Promise.race([settled, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function call(method: string, args: unknown[] = [], options: { timeoutMs?: number } = {}): Promise<any> {
    const decoded = args.map(decodeArg);
    const label = `${method}(${args.map(describeArg).join(", ")})`;
    const done = note(method, args);
    const obs = await observe(() => ego[method](...decoded), { ...options, call: label });
    settleFrom(done, obs);
    return obs;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * Sends one raw CDP message and records every callback it causes: it waits (bounded by
   * `waitMs`, 5 s by default) for the first callback, the answer or the error, which a build
   * delivers on its own time (through another process, under load, later than any fixed pause),
   * then `settleMs` more for any duplicate or stray callback.
   */
  async function cdp(message: unknown, options: { waitMs?: number; settleMs?: number } = {}): Promise<any> {
    const callbacks: unknown[] = [];
    let returned = false;
    const previousError = ego.onSendCDPMessageError;
    const previousMessage = ego.onCDPMessage;
    ego.onSendCDPMessageError = (...args: unknown[]) =>
      callbacks.push({ slot: "onSendCDPMessageError", args: args.map((a) => toJson(a) ?? null), afterReturn: returned });
    ego.onCDPMessage = (...args: unknown[]) =>
      callbacks.push({ slot: "onCDPMessage", args: args.map((a) => toJson(a) ?? null), afterReturn: returned });
    const done = note("sendCDPMessage", [message]);
    try {
      const obs = await observe(
        () => {
          try {
            return ego.sendCDPMessage(message);
          } finally {
            returned = true;
          }
        },
        { call: `sendCDPMessage(${describeArg(message)})` },
      );
      const deadline = Date.now() + (options.waitMs ?? DEFAULT_TIMEOUT_MS);
      while (callbacks.length === 0 && Date.now() < deadline) await sleep(10);
      await sleep(options.settleMs ?? 50);
      const first = callbacks[0] as { slot: string; args: unknown[] } | undefined;
      if (obs.channel === "threw") settleFrom(done, obs);
      else if (first) done(first.slot === "onCDPMessage" ? "cdp-answer" : "error-callback", first.slot === "onCDPMessage" ? first.args[0] : first.args);
      return { ...obs, callbacks };
    } finally {
      ego.onSendCDPMessageError = previousError;
      ego.onCDPMessage = previousMessage;
    }
  }

  /**
   * A small CDP client over the two callback slots: send() resolves with the response of that id,
   * a pre-send failure ({sendError}), or {timeout} after timeoutMs; every other message is kept
   * in `events`. close() puts the previous callbacks back.
   */
  function cdpClient(options: { timeoutMs?: number } = {}): any {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const previousError = ego.onSendCDPMessageError;
    const previousMessage = ego.onCDPMessage;
    const pending = new Map<number, (answer: unknown) => void>();
    const order: number[] = [];
    const events: any[] = [];
    const eventWaiters: { match: (e: any) => boolean; resolve: (e: any) => void }[] = [];
    let nextId = 1000;
    const settle = (id: number, answer: unknown) => {
      const resolve = pending.get(id);
      if (!resolve) return;
      pending.delete(id);
      const at = order.indexOf(id);
      if (at >= 0) order.splice(at, 1);
      resolve(answer);
    };
    ego.onCDPMessage = (text: unknown) => {
      let message: any;
      try {
        message = JSON.parse(String(text));
      } catch {
        events.push({ unparsed: String(text) });
        return;
      }
      if (message && typeof message.id === "number" && pending.has(message.id)) {
        settle(message.id, message);
        return;
      }
      events.push(message);
      for (const waiter of eventWaiters.slice()) {
        if (waiter.match(message)) {
          eventWaiters.splice(eventWaiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    };
    ego.onSendCDPMessageError = (message: unknown, code: unknown) => {
      // a pre-send failure names no id: it belongs to the oldest send still waiting
      const id = order[0];
      if (id !== undefined) settle(id, { sendError: { message: toJson(message) ?? null, code: toJson(code) ?? null } });
    };
    return {
      events,
      send(method: string, params?: unknown, sessionId?: string): Promise<any> {
        const id = nextId++;
        const message: Record<string, unknown> = { id, method };
        if (params !== undefined) message.params = params;
        if (sessionId !== undefined) message.sessionId = sessionId;
        const text = JSON.stringify(message);
        const done = note("sendCDPMessage", [text]);
        return new Promise((resolve) => {
          const timer = setTimeout(() => settle(id, { timeout: true, id, method }), timeoutMs);
          pending.set(id, (answer: any) => {
            clearTimeout(timer);
            if (answer && answer.sendError) done("error-callback", [answer.sendError.message, answer.sendError.code]);
            else if (answer && answer.threw) done("threw", answer.threw);
            else if (!(answer && answer.timeout)) done("cdp-answer", answer);
            resolve(answer);
          });
          order.push(id);
          try {
            ego.sendCDPMessage(text);
          } catch (error) {
            settle(id, { threw: describeError(error) });
          }
        });
      },
      waitForEvent(method: string, sessionId?: string, waitMs = timeoutMs): Promise<any> {
        const match = (e: any) => e && e.method === method && (sessionId === undefined || e.sessionId === sessionId);
        const seen = events.find(match);
        if (seen) return Promise.resolve(seen);
        return new Promise((resolve) => {
          const waiter = { match, resolve: (e: any) => { clearTimeout(timer); resolve(e); } };
          const timer = setTimeout(() => {
            eventWaiters.splice(eventWaiters.indexOf(waiter), 1);
            resolve(null);
          }, waitMs);
          eventWaiters.push(waiter);
        });
      },
      close() {
        ego.onSendCDPMessageError = previousError;
        ego.onCDPMessage = previousMessage;
      },
    };
  }


  /** Runs `fn` with a CDP client of its own and closes the client after, however `fn` ended. */
  async function withCdp(fn: (cdp: any) => unknown, options: { timeoutMs?: number } = {}): Promise<unknown> {
    const client = cdpClient(options);
    try {
      return await fn(client);
    } finally {
      client.close();
    }
  }

  // ---- the harness's own steps: tolerant of every documented older build and plausible deviation ----

  /**
   * The bare native function when the SDK wrapped ego's: the SDK copies bound native functions
   * onto globalThis (research 1.8). Undefined when there is no distinct bare function.
   */
  function bare(method: string): ((...args: unknown[]) => unknown) | undefined {
    const global = (globalThis as Record<string, unknown>)[method];
    return typeof global === "function" && global !== ego[method] ? (global as (...args: unknown[]) => unknown) : undefined;
  }

  /** Whether a settled value reports a failure: `{error}` (with or without error_code). */
  function isFailure(value: unknown): boolean {
    return typeof value === "object" && value !== null && "error" in value && (value as { error?: unknown }).error != null;
  }

  /**
   * A harness step: `ego[method](...args)`, awaited when it returns a Promise (bounded), and
   * retried through the bare native function when the (SDK) wrapper throws or rejects. Returns
   * the observation of the call that counted.
   */
  async function step(method: string, args: unknown[] = [], options: { timeoutMs?: number } = {}): Promise<any> {
    const first = await call(method, args, options);
    if (first.channel !== "threw" && first.channel !== "rejected") return first;
    const fallback = bare(method);
    if (fallback === undefined) return first;
    const decoded = args.map(decodeArg);
    const done = note(method, args);
    const second = await observe(() => fallback(...decoded), { ...options, call: `${first.call} (bare)` });
    settleFrom(done, second);
    return second.channel === "threw" || second.channel === "rejected" ? first : second;
  }

  /**
   * Whether a step's observation is a success: a resolved (or returned) value that is not an
   * `{error}` object. A status string, `{}`, `{done: true}` and undefined all count.
   */
  function succeeded(obs: { channel: string; value?: unknown }): boolean {
    return (obs.channel === "resolved" || obs.channel === "returned") && !isFailure(obs.value);
  }

  /** Select a space: useTaskSpace(key), awaited when it returns a Promise; false when it failed. */
  async function use(key: unknown): Promise<boolean> {
    return succeeded(await step("useTaskSpace", [key]));
  }

  /**
   * The listing as entries, whatever shape the build resolves: `{taskSpaces:[...]}` (the
   * contract), a bare array, `{spaces:[...]}`, `{taskIds:[...]}` or plain name strings (the shapes
   * older runtimes accepted, research 1.5). A string entry becomes `{taskId, name}`.
   */
  async function spaces(): Promise<{ ok: boolean; entries: any[]; reason?: string; observation: any }> {
    const obs = await step("listTaskSpaces", [], { timeoutMs: 10_000 });
    if (obs.channel !== "resolved" && obs.channel !== "returned") return { ok: false, entries: [], reason: `listTaskSpaces() did not resolve: ${JSON.stringify(obs)}`, observation: obs };
    const value = obs.value as any;
    const list = Array.isArray(value)
      ? value
      : value && typeof value === "object"
        ? [value.taskSpaces, value.spaces, value.taskIds].find((x) => Array.isArray(x))
        : undefined;
    if (!Array.isArray(list)) return { ok: false, entries: [], reason: `listTaskSpaces() resolved no list: ${JSON.stringify(value ?? null).slice(0, 300)}`, observation: obs };
    const entries = list
      .map((e: unknown) => (typeof e === "string" ? { taskId: e, name: e } : e))
      .filter((e: unknown) => typeof e === "object" && e !== null);
    return { ok: true, entries, observation: obs };
  }

  /**
   * The listed entry of a space the harness knows by `key` (what it passes to useTaskSpace) and
   * `name`: the entry with that id, else (ids absent, or of another form: 7 and "7") the one with
   * that name. An entry listed under another id is never taken for it, whatever its name.
   */
  function findEntry(entries: any[], key: unknown, name: unknown): any {
    const same = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);
    const idLess = (e: any) => e.id === undefined || e.id === null || key === null || key === undefined || String(e.id) === String(key);
    return (
      entries.find((e) => same(e.id, key)) ??
      entries.find((e) => idLess(e) && (same(e.taskId, key) || same(e.name, key))) ??
      (typeof name === "string" ? entries.find((e) => idLess(e) && (e.name === name || e.taskId === name)) : undefined)
    );
  }

  /** The key to select a listed entry by: its id, else its taskId or name (builds before numeric ids). */
  function keyOf(entry: any): unknown {
    return entry.id ?? entry.taskId ?? entry.name;
  }

  /**
   * A poll: its attempts' calls are noted as attempts of one poll, so the recording keeps the
   * last attempt, the answer the probe acted on, with how many there were (./call-recorder.ts).
   * The loop, its bound and its pause stay the probe's own.
   */
  function poll(): { attempt<R>(fn: () => R | Promise<R>): Promise<R> } {
    const id = ++pollCount;
    let n = 0;
    return {
      async attempt(fn) {
        const outer = attempting;
        attempting = { poll: id, attempt: ++n };
        try {
          return await fn();
        } finally {
          attempting = outer;
        }
      },
    };
  }

  /** Starts noting every call to `methods` (the contract's method names) until recorded() is read. */
  function startRecording(methods: string[]): void {
    notes = [];
    pollCount = 0;
    recordedMethods = methods;
    view = recordingView();
  }

  /** The calls noted since startRecording(), in the order they began. */
  function recorded(): unknown[] {
    return notes ?? [];
  }

  return {
    get ego() {
      return notes === undefined ? ego : view;
    },
    startRecording,
    recorded,
    observe,
    call,
    cdp,
    cdpClient,
    withCdp,
    sleep,
    poll,
    toJson: (value: unknown) => toJson(value) ?? null,
    step,
    succeeded,
    use,
    spaces,
    findEntry,
    keyOf,
  } as ProbeScope;
}
