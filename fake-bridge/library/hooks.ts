/**
 * Hooks a unit test sets on a fake's calls: at the call, before the binding sees it, or at its settling,
 * before the caller sees the result. A throwing hook's error is the test's own, never a contract outcome.
 */
import type { MethodName } from "../../src/contract/methods.js";
import type { CallEntry } from "./call-log.js";

export type CallHook = (call: CallEntry) => void;
export type SettleHook = (call: CallEntry) => void | Promise<void>;
export interface HookOptions {
  /** run at the next matching call only */
  once?: boolean;
}

interface Registered<H> {
  method: MethodName | "*";
  hook: H;
  once: boolean;
}

export class Hooks {
  private readonly calls: Registered<CallHook>[] = [];
  private readonly settles: Registered<SettleHook>[] = [];

  /** Runs `hook` at each call of `method` ("*": every method). Returns a function that removes it. */
  atCall(method: MethodName | "*", hook: CallHook, options: HookOptions = {}): () => void {
    return add(this.calls, { method, hook, once: options.once ?? false });
  }

  /** Runs `hook` when a call of `method` settles, before its caller sees the result. Returns a function that removes it. */
  atSettle(method: MethodName | "*", hook: SettleHook, options: HookOptions = {}): () => void {
    return add(this.settles, { method, hook, once: options.once ?? false });
  }

  runAtCall(call: CallEntry): void {
    for (const r of take(this.calls, call.method)) r.hook(call);
  }

  /** The settle hooks of this call, run one after another; resolves when the last is done. */
  async runAtSettle(call: CallEntry): Promise<void> {
    for (const r of take(this.settles, call.method)) await r.hook(call);
  }

  /** For a call that returned synchronously: the hooks run now, and a Promise one returns is not awaited. */
  runAtSettleNow(call: CallEntry): void {
    for (const r of take(this.settles, call.method)) void r.hook(call);
  }

  get size(): number {
    return this.calls.length + this.settles.length;
  }
}

function add<H>(list: Registered<H>[], entry: Registered<H>): () => void {
  list.push(entry);
  return () => {
    const i = list.indexOf(entry);
    if (i >= 0) list.splice(i, 1);
  };
}

/** The hooks that apply to `method`, in the order they were set; `once` hooks are removed as they are taken. */
function take<H>(list: Registered<H>[], method: MethodName): Registered<H>[] {
  const hit = list.filter((r) => r.method === "*" || r.method === method);
  for (const r of hit) if (r.once) list.splice(list.indexOf(r), 1);
  return hit;
}
