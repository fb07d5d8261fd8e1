// The probe runtime classifies every way a call can end, and runs with nothing but its own source.
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { probeParts, probeProgram, probeSource, ProbeSourceError } from "../../src/probe/program.js";
import { createProbeScope } from "../../src/probe/runtime.js";
import type { ProbeScope } from "../../src/probe/scope.js";

const stub = {
  throwsTypeError() {
    throw Object.assign(new TypeError("bad id"), { error_code: "EGO_INVALID_ARGUMENT" });
  },
  rejectsLater() {
    return Promise.reject(Object.assign(new Error("snapshot failed"), { error_code: "EGO_SNAPSHOT_FAILED" }));
  },
  resolvesError: async () => ({ error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" }),
  returnsPlain: () => 7,
  returnsUndefined: () => undefined,
  neverSettles: () => new Promise(() => {}),
  inheritsCode() {
    const proto = Object.assign(Object.create(TypeError.prototype), { error_code: "EGO_INVALID_ARGUMENT" });
    throw Object.setPrototypeOf(new TypeError("inherited"), proto);
  },
  throwsString() {
    throw "plain string";
  },
};

const probe = createProbeScope(stub);

describe("observe", () => {
  it("tells a synchronous throw from a rejected Promise", async () => {
    const threw = await probe.call("throwsTypeError", [1]);
    const rejected = await probe.call("rejectsLater", []);
    expect(threw).toMatchObject({ channel: "threw", promise: false, error: { isTypeError: true, errorCodeIsOwn: true, error_code: "EGO_INVALID_ARGUMENT" } });
    expect(rejected).toMatchObject({ channel: "rejected", promise: true, error: { isError: true, isTypeError: false, error_code: "EGO_SNAPSHOT_FAILED" } });
  });

  it("tells a synchronous return from a Promise", async () => {
    expect(await probe.call("returnsPlain", [])).toMatchObject({ channel: "returned", promise: false, value: 7, valueType: "number" });
    expect(await probe.call("resolvesError", [])).toMatchObject({ channel: "resolved", promise: true, value: { error_code: "EGO_TASK_SPACE_NOT_SELECTED" } });
    const undef = await probe.call("returnsUndefined", []);
    expect(undef).toMatchObject({ channel: "returned", valueType: "undefined" });
    expect("value" in undef).toBe(false);
  });

  it("bounds a Promise that never settles", async () => {
    expect(await probe.call("neverSettles", [], { timeoutMs: 20 })).toMatchObject({ channel: "timeout", promise: true });
  });

  it("records whether error_code is own or inherited, and non-Error throws", async () => {
    expect((await probe.call("inheritsCode", [])).error).toMatchObject({ errorCodeIsOwn: false, error_code: "EGO_INVALID_ARGUMENT" });
    expect((await probe.call("throwsString", [])).error).toMatchObject({ isError: false, thrownType: "string", message: "plain string" });
  });

  it("observes a missing method as the TypeError calling it raises", async () => {
    expect(await probe.call("noSuchMethod", [])).toMatchObject({ channel: "threw", error: { isTypeError: true, errorCodeIsOwn: false } });
  });

  it("decodes the special arguments JSON cannot carry", async () => {
    const seen: unknown[] = [];
    const recorder = createProbeScope({ record: (...args: unknown[]) => seen.push(...args) });
    await recorder.call("record", [{ $: "undefined" }, { $: "NaN" }, { $: "Infinity" }, { $: "function" }]);
    expect(seen[0]).toBeUndefined();
    expect(seen[1]).toBeNaN();
    expect(seen[2]).toBe(Infinity);
    expect(typeof seen[3]).toBe("function");
    await expect(recorder.call("record", [{ $: "ownSpaceId" }])).rejects.toThrow(/resolved by the harness/);
  });

  it("labels calls with readable arguments", async () => {
    expect((await probe.call("returnsPlain", [1, "a", { $: "undefined" }])).call).toBe('returnsPlain(1, "a", undefined)');
  });
});

describe("cdp", () => {
  it("records callbacks, whether they came after the send returned, and restores the slots", async () => {
    const ego: Record<string, unknown> = {
      onSendCDPMessageError: "previous",
      sendCDPMessage(this: { onSendCDPMessageError: (m: string, c: string) => void }) {
        setImmediate(() => this.onSendCDPMessageError("Task space not selected", "EGO_TASK_SPACE_NOT_SELECTED"));
      },
    };
    const seen = await createProbeScope(ego).cdp("{}", { waitMs: 10 });
    expect(seen).toMatchObject({ channel: "returned", valueType: "undefined" });
    expect(seen.callbacks).toEqual([{ slot: "onSendCDPMessageError", args: ["Task space not selected", "EGO_TASK_SPACE_NOT_SELECTED"], afterReturn: true }]);
    expect(ego.onSendCDPMessageError).toBe("previous");
  });

  it("flags a re-entrant callback", async () => {
    const ego = {
      onSendCDPMessageError: undefined as unknown,
      sendCDPMessage(this: { onSendCDPMessageError: (m: string, c: string) => void }) {
        this.onSendCDPMessageError("now", "EGO_TASK_SPACE_NOT_SELECTED");
      },
    };
    const seen = await createProbeScope(ego).cdp("{}", { waitMs: 1 });
    expect(seen.callbacks?.[0]?.afterReturn).toBe(false);
  });
});

describe("program text", () => {
  it("runs in a bare context with only the standard library and timers", async () => {
    const program = probeProgram((p: ProbeScope, n: number) => p.call("double", [n]), [21]);
    const context = vm.createContext({ setTimeout, clearTimeout });
    const run = vm.runInContext(program, context) as (ego: unknown) => Promise<{ value: number }>;
    expect((await run({ double: (n: number) => Promise.resolve(n * 2) })).value).toBe(42);
  });

  it("split in parts (the in-process fake's way), runs as the whole program: a fresh scope and closure per call", async () => {
    const context = vm.createContext({ setTimeout, clearTimeout });
    // a probe that remembers across calls would see 2 the second time, if scope or closure were shared
    const fn = (p: ProbeScope, arg: { n: number }) => {
      let calls = 0;
      const scope = p as unknown as { seen?: number };
      scope.seen = (scope.seen ?? 0) + 1;
      calls++;
      return p.call("double", [arg.n]).then((o) => ({ o, calls, seen: scope.seen }));
    };
    const ego = { double: (n: number) => Promise.resolve(n * 2) };
    const whole = (args: [{ n: number }]) => (vm.runInContext(probeProgram(fn, args), context) as (ego: unknown) => Promise<unknown>)(ego);
    const parts = probeParts(fn, [{ n: 21 }]);
    const createScope = vm.runInContext(parts.runtime, context) as unknown;
    const run = (vm.runInContext(parts.probe, context) as (c: unknown) => (ego: unknown, args: unknown[]) => Promise<unknown>)(createScope);
    const split = (args: [{ n: number }]) => run(ego, vm.runInContext(probeParts(fn, args).args, context) as unknown[]);
    expect(probeParts(fn, [{ n: 1 }]).probe).toBe(parts.probe);
    for (const n of [21, 4]) expect(await split([{ n }])).toEqual(await whole([{ n }]));
    expect(await split([{ n: 21 }])).toMatchObject({ o: { value: 42 }, calls: 1, seen: 1 });
  });

  it("refuses method shorthand, which does not survive toString()", () => {
    const holder = { probe(p: ProbeScope) { return p.sleep(1); } };
    expect(() => probeSource(holder.probe)).toThrow(ProbeSourceError);
  });
});
