/**
 * An infrastructure-fault plan, as data: what can go wrong around the bridge (not a contract
 * deviation: those are fake-bridge/mutants), each fault with a probability drawn from one seed.
 */
import { z } from "zod";
import { namedError } from "../errors/named-error.js";

const probability = z.number().min(0).max(1);

/**
 * The fake injects them (fake-bridge/infra-faults); a plan is a JSON file
 * (`ego-conformance run --infra-faults FILE`, `fake start --infra-faults FILE`):
 *
 *   { "seed": 42, "faults": [
 *       { "kind": "task-host-disconnect", "afterCalls": 3, "probability": 0.05 },
 *       { "kind": "browser-unavailable", "probability": 0.05 },
 *       { "kind": "latency", "probability": 0.2, "baseMs": 20, "jitterMs": 30 },
 *       { "kind": "never-settles", "probability": 0.01 },
 *       { "kind": "invalid-payload", "probability": 0.05 },
 *       { "kind": "launcher-crash", "probability": 0.02 },
 *       { "kind": "launcher-garbage", "probability": 0.02 },
 *       { "kind": "browser-relaunch", "afterCalls": 2, "probability": 0.05 } ] }
 *
 * Per invocation (one `ego-browser nodejs` run, one binding): task-host-disconnect (from its
 * call `afterCalls` + 1 on, every call answers EGO_TASK_HOST_DISCONNECTED), launcher-crash and
 * launcher-garbage (the launcher dies, or prints garbage and exits, before running the script),
 * browser-relaunch (the launcher kills and relaunches the shared browser while the invocation
 * runs: from its call `afterCalls` + 1 on, every raw CDP message it sends fails through
 * onSendCDPMessageError with "CDP channel is not open", EGO_CDP_CHANNEL_UNAVAILABLE, as an
 * independent host's launcher did; its other calls are answered as usual).
 * Per call: latency (baseMs plus a uniform jitter in [0, jitterMs]), never-settles, and the two
 * failures answered through the method's documented channel, browser-unavailable
 * (EGO_BROWSER_UNAVAILABLE) and invalid-payload (EGO_INVALID_RESULT_PAYLOAD).
 */
export const InfraFault = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("task-host-disconnect"), probability, afterCalls: z.number().int().min(0) }),
  z.strictObject({ kind: z.literal("browser-unavailable"), probability }),
  z.strictObject({ kind: z.literal("latency"), probability, baseMs: z.number().int().min(0).max(60_000).default(0), jitterMs: z.number().int().min(0).max(60_000) }),
  z.strictObject({ kind: z.literal("never-settles"), probability }),
  z.strictObject({ kind: z.literal("invalid-payload"), probability }),
  z.strictObject({ kind: z.literal("launcher-crash"), probability }),
  z.strictObject({ kind: z.literal("launcher-garbage"), probability }),
  z.strictObject({ kind: z.literal("browser-relaunch"), probability, afterCalls: z.number().int().min(0) }),
]);
export type InfraFault = z.infer<typeof InfraFault>;
export type InfraFaultKind = InfraFault["kind"];

export const InfraFaultPlan = z.strictObject({
  /** every draw derives from it: the same seed gives the same faults on the same calls */
  seed: z.number().int().min(0).max(0xffffffff),
  faults: z.array(InfraFault),
});
export type InfraFaultPlan = z.infer<typeof InfraFaultPlan>;

export class InfraFaultPlanError extends namedError("InfraFaultPlanError", "bad-input") {}

/** zod issues as "FILE: at faults[1].probability: Too big: ..." lines, one per problem. */
function readable(error: z.ZodError, where: string): string {
  const lines = error.issues.map((issue) => {
    const path = issue.path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), "");
    return `  at ${path || "(top level)"}: ${issue.message}`;
  });
  return `${where}: not a valid fault plan:\n${lines.join("\n")}`;
}

export function parseInfraFaultPlan(value: unknown, where: string): InfraFaultPlan {
  const parsed = InfraFaultPlan.safeParse(value);
  if (!parsed.success) throw new InfraFaultPlanError(readable(parsed.error, where));
  return parsed.data;
}
