/**
 * What an infrastructure-fault plan does to each invocation and call, by seeded draws indexed by their
 * numbers, so the same plan and call order meet the same faults; it logs every fault it injects.
 */
import type { ErrorCode } from "../../src/contract/error-codes.js";
import type { TaskFailure } from "../app/failures.js";
import { draw } from "./draw.js";
import type { InfraFaultKind, InfraFaultPlan } from "./plan.js";

/** The failures infrastructure faults answer with; the codes are the contract's (src/contract/error-codes.ts). */
export const INFRA_FAILURES = {
  "task-host-disconnect": { code: "EGO_TASK_HOST_DISCONNECTED", message: "NodeRuntime disconnected" },
  "browser-unavailable": { code: "EGO_BROWSER_UNAVAILABLE", message: "No active browser" },
  "invalid-payload": { code: "EGO_INVALID_RESULT_PAYLOAD", message: "Invalid result payload" },
  "browser-relaunch": { code: "EGO_CDP_CHANNEL_UNAVAILABLE", message: "CDP channel is not open" },
} as const satisfies Record<string, { code: ErrorCode; message: string }>;

export type LaunchFault = { kind: "launcher-crash" } | { kind: "launcher-garbage"; /** base64 of the bytes to print */ bytes: string };

export type CallEffect =
  | { kind: "none" }
  | { kind: "never-settles" }
  | { kind: "task-host-disconnect" | "browser-unavailable" | "invalid-payload" | "browser-relaunch"; failure: TaskFailure };

export interface CallFault {
  delayMs: number;
  effect: CallEffect;
}

export interface InjectedFault {
  /** the invocation's number, from 0 */
  invocation: number;
  /** the call's number across the injector, from 0 (absent for launch faults) */
  call?: number;
  kind: InfraFaultKind;
  delayMs?: number;
}

/** Streams: each fault of the plan has its own, apart for per-invocation and per-call draws. */
const INVOCATION = 0;
const CALL = 1;
const stream = (faultIndex: number, level: number) => faultIndex * 2 + level;

/** The launch fault of invocation `n`, if any (the first launcher fault of the plan that draws). */
export function launchFaultOf(plan: InfraFaultPlan, n: number): LaunchFault | undefined {
  for (const [i, fault] of plan.faults.entries()) {
    if (fault.kind !== "launcher-crash" && fault.kind !== "launcher-garbage") continue;
    if (draw(plan.seed, stream(i, INVOCATION), n) >= fault.probability) continue;
    if (fault.kind === "launcher-crash") return { kind: "launcher-crash" };
    const length = 16 + Math.floor(draw(plan.seed, stream(i, INVOCATION), n, 1) * 240);
    const bytes = Buffer.alloc(length);
    for (let k = 0; k < length; k++) bytes[k] = Math.floor(draw(plan.seed, stream(i, INVOCATION), n, 2 + k) * 256);
    return { kind: "launcher-garbage", bytes: bytes.toString("base64") };
  }
  return undefined;
}

/** After how many calls invocation `n`'s task host disconnects, if it does. */
export function disconnectAfterOf(plan: InfraFaultPlan, n: number): number | undefined {
  for (const [i, fault] of plan.faults.entries()) {
    if (fault.kind === "task-host-disconnect" && draw(plan.seed, stream(i, INVOCATION), n) < fault.probability) return fault.afterCalls;
  }
  return undefined;
}

/** After how many calls the shared browser relaunches under invocation `n`, if it does. */
export function relaunchAfterOf(plan: InfraFaultPlan, n: number): number | undefined {
  for (const [i, fault] of plan.faults.entries()) {
    if (fault.kind === "browser-relaunch" && draw(plan.seed, stream(i, INVOCATION), n) < fault.probability) return fault.afterCalls;
  }
  return undefined;
}

/** What happens to call `n` (across the injector), the `k`-th of its invocation; `relaunch`: the invocation's relaunch point and whether this call is a raw CDP message. */
export function callFaultOf(plan: InfraFaultPlan, n: number, k: number, disconnectAfter: number | undefined, relaunch?: { after: number | undefined; cdp: boolean }): CallFault {
  let delayMs = 0;
  let effect: CallEffect = { kind: "none" };
  for (const [i, fault] of plan.faults.entries()) {
    const s = stream(i, CALL);
    if (fault.kind === "latency") {
      if (draw(plan.seed, s, n) < fault.probability) delayMs += fault.baseMs + Math.floor(draw(plan.seed, s, n, 1) * (fault.jitterMs + 1));
      continue;
    }
    if (effect.kind !== "none") continue;
    if (fault.kind === "never-settles" && draw(plan.seed, s, n) < fault.probability) effect = { kind: "never-settles" };
    if ((fault.kind === "browser-unavailable" || fault.kind === "invalid-payload") && draw(plan.seed, s, n) < fault.probability) {
      effect = { kind: fault.kind, failure: { ...INFRA_FAILURES[fault.kind] } };
    }
  }
  // a disconnected host answers every call with the same failure, whatever else was drawn
  if (disconnectAfter !== undefined && k >= disconnectAfter) effect = { kind: "task-host-disconnect", failure: { ...INFRA_FAILURES["task-host-disconnect"] } };
  // after a relaunch the invocation's raw CDP channel is gone: every CDP message fails, the other calls do not
  else if (relaunch?.cdp === true && relaunch.after !== undefined && k >= relaunch.after) effect = { kind: "browser-relaunch", failure: { ...INFRA_FAILURES["browser-relaunch"] } };
  return { delayMs, effect };
}

export interface InvocationFaults {
  readonly index: number;
  readonly launch: LaunchFault | undefined;
  /** the next call's fault (counts the call); `cdp`: the call is a raw CDP message */
  nextCall(options?: { cdp?: boolean }): CallFault;
}

export class InfraFaultInjector {
  private invocations = 0;
  private calls = 0;
  /** every fault injected so far, in order */
  readonly injected: InjectedFault[] = [];

  constructor(readonly plan: InfraFaultPlan) {}

  get counts(): { invocations: number; calls: number } {
    return { invocations: this.invocations, calls: this.calls };
  }

  newInvocation(): InvocationFaults {
    const index = this.invocations++;
    const launch = launchFaultOf(this.plan, index);
    if (launch) this.injected.push({ invocation: index, kind: launch.kind });
    const disconnectAfter = disconnectAfterOf(this.plan, index);
    const relaunchAfter = relaunchAfterOf(this.plan, index);
    let k = 0;
    return {
      index,
      launch,
      nextCall: (options = {}) => {
        const n = this.calls++;
        const fault = callFaultOf(this.plan, n, k++, disconnectAfter, { after: relaunchAfter, cdp: options.cdp === true });
        if (fault.delayMs > 0) this.injected.push({ invocation: index, call: n, kind: "latency", delayMs: fault.delayMs });
        if (fault.effect.kind !== "none") this.injected.push({ invocation: index, call: n, kind: fault.effect.kind });
        return fault;
      },
    };
  }
}
