/**
 * Infrastructure-fault plans: the file format (zod, readable errors), the codes against the
 * contract's data, and replay: the same seed gives the same faults on the same calls.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isErrorCode, isInfrastructureErrorCode } from "../../src/contract/error-codes.js";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { draw, INFRA_FAILURES, InfraFaultInjector, InfraFaultPlanError, parseInfraFaultPlan, parseInfraFaultPlanText, type InfraFaultPlan } from "../../fake-bridge/infra-faults/index.js";

const fault = fc.oneof(
  fc.record({ kind: fc.constant("task-host-disconnect" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }), afterCalls: fc.nat(5) }),
  fc.record({ kind: fc.constant("browser-unavailable" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("latency" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }), baseMs: fc.nat(50), jitterMs: fc.nat(50) }),
  fc.record({ kind: fc.constant("never-settles" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("invalid-payload" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("launcher-crash" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("launcher-garbage" as const), probability: fc.double({ min: 0, max: 1, noNaN: true }) }),
);
const plan: fc.Arbitrary<InfraFaultPlan> = fc.record({ seed: fc.nat({ max: 0xffffffff }), faults: fc.array(fault, { maxLength: 7 }) });
/** a run's shape: how many calls each invocation makes */
const shape = fc.array(fc.nat(8), { minLength: 1, maxLength: 30 });

function replay(p: InfraFaultPlan, calls: number[]) {
  const injector = new InfraFaultInjector(p);
  const seen = calls.map((n) => {
    const inv = injector.newInvocation();
    return { launch: inv.launch, calls: Array.from({ length: n }, () => inv.nextCall()) };
  });
  return { seen, injected: injector.injected };
}

describe("infrastructure-fault plans", () => {
  it("answer with codes the contract defines", () => {
    for (const { code } of Object.values(INFRA_FAILURES)) expect(isErrorCode(code)).toBe(true);
    expect(Object.values(INFRA_FAILURES).map((f) => f.code).sort()).toEqual(["EGO_BROWSER_UNAVAILABLE", "EGO_CDP_CHANNEL_UNAVAILABLE", "EGO_INVALID_RESULT_PAYLOAD", "EGO_TASK_HOST_DISCONNECTED"]);
    // and each is one the harness reads as the infrastructure's (src/probe/infra-watch.ts): retried, never failed
    for (const { code } of Object.values(INFRA_FAILURES)) expect(isInfrastructureErrorCode(code), code).toBe(true);
  });

  it("are replayed exactly: the same seed gives the same faults on the same calls", () => {
    fc.assert(
      fc.property(plan, shape, (p, calls) => {
        expect(replay(p, calls)).toEqual(replay(structuredClone(p), calls));
      }),
    );
  });

  it("a call's fault depends on its number, not on the calls before it in other invocations' shapes", () => {
    fc.assert(
      fc.property(plan, shape, shape, (p, a, b) => {
        // per-call faults without a disconnect: call n meets the same fault whatever the invocation split
        const calls = p.faults.filter((f) => f.kind !== "task-host-disconnect");
        const q = { ...p, faults: calls };
        const total = Math.min(a.reduce((x, y) => x + y, 0), b.reduce((x, y) => x + y, 0));
        const flat = (s: number[]) => replay(q, s).seen.flatMap((i) => i.calls).slice(0, total);
        expect(flat(a)).toEqual(flat(b));
      }),
    );
  });

  it("different seeds give different fault sequences", () => {
    const p = (seed: number): InfraFaultPlan => ({ seed, faults: [{ kind: "browser-unavailable", probability: 0.5 }] });
    expect(replay(p(1), [50]).injected).not.toEqual(replay(p(2), [50]).injected);
  });

  it("draws are uniform enough that a probability means what it says", () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), (seed) => {
        let hits = 0;
        for (let i = 0; i < 4000; i++) if (draw(seed, 3, i) < 0.05) hits++;
        expect(hits).toBeGreaterThan(120);
        expect(hits).toBeLessThan(290);
      }),
      { numRuns: 20 },
    );
  });

  it("a host that disconnects after N calls answers every later call of that invocation with EGO_TASK_HOST_DISCONNECTED", () => {
    const injector = new InfraFaultInjector({ seed: 7, faults: [{ kind: "task-host-disconnect", probability: 1, afterCalls: 2 }] });
    const inv = injector.newInvocation();
    const kinds = Array.from({ length: 5 }, () => inv.nextCall().effect.kind);
    expect(kinds).toEqual(["none", "none", "task-host-disconnect", "task-host-disconnect", "task-host-disconnect"]);
    expect(injector.newInvocation().nextCall().effect.kind).toBe("none");
  });

  it("latency stays within base + jitter", () => {
    const injector = new InfraFaultInjector({ seed: 3, faults: [{ kind: "latency", probability: 1, baseMs: 10, jitterMs: 20 }] });
    const inv = injector.newInvocation();
    const delays = Array.from({ length: 200 }, () => inv.nextCall().delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...delays)).toBeLessThanOrEqual(30);
    expect(new Set(delays).size).toBeGreaterThan(5);
  });
});

describe("the plan file", () => {
  it("is validated with errors that name the file and the path inside it", () => {
    expect(() => parseInfraFaultPlan({ seed: 1, faults: [{ kind: "latency", probability: 2, jitterMs: 1 }] }, "plan.json")).toThrow(/plan\.json: not a valid fault plan:\n {2}at faults\[0\]\.probability: /);
    expect(() => parseInfraFaultPlan({ seed: -1, faults: [] }, "p.json")).toThrow(/at seed: /);
    expect(() => parseInfraFaultPlan({ seed: 1, faults: [{ kind: "meteor", probability: 1 }] }, "p.json")).toThrow(/at faults\[0\]\.kind/);
    expect(() => parseInfraFaultPlan({ seed: 1, faults: [], extra: 1 }, "p.json")).toThrow(InfraFaultPlanError);
    expect(() => parseInfraFaultPlanText("{", "p.json")).toThrow(/p\.json is not JSON/);
  });
});

describe("the in-process fake under a plan", () => {
  it("answers injected failures through the method's documented channel, with the contract's codes", async () => {
    const injector = new InfraFaultInjector({ seed: 11, faults: [{ kind: "browser-unavailable", probability: 1 }] });
    const ego = createFakeBrowser({ infraFaults: injector }).newBinding();
    await expect(ego.listTaskSpaces()).resolves.toMatchObject({ error_code: "EGO_BROWSER_UNAVAILABLE" });
    await expect(ego.snapshot()).rejects.toMatchObject({ error_code: "EGO_BROWSER_UNAVAILABLE" });
  });

  it("a call that never settles leaves the later calls answered, in order", async () => {
    // seed chosen so that call 0 never settles and call 1 does not (checked below)
    const p: InfraFaultPlan = { seed: 0, faults: [{ kind: "never-settles", probability: 0.5 }] };
    let seed = 0;
    for (; seed < 1000; seed++) {
      const inv = new InfraFaultInjector({ ...p, seed }).newInvocation();
      if (inv.nextCall().effect.kind === "never-settles" && inv.nextCall().effect.kind === "none") break;
    }
    const ego = createFakeBrowser({ infraFaults: new InfraFaultInjector({ ...p, seed }) }).newBinding();
    let first = "pending";
    void (ego.listTaskSpaces() as Promise<unknown>).then(() => (first = "settled"));
    await expect(ego.listTaskSpaces()).resolves.toHaveProperty("taskSpaces");
    await new Promise((r) => setTimeout(r, 50));
    expect(first).toBe("pending");
  });
});
