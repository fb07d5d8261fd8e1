/**
 * Which errors are the infrastructure's, not the build's contract: the only ones a clause is
 * retried on (./retry.ts).
 *   - an answer carrying one of INFRA_ERROR_CODES anywhere in a probe's result (the task host
 *     went away, no browser, a payload the bridge could not read);
 *   - a call the probe gave up waiting for (an observation on the `timeout` channel), and a probe
 *     that did not finish within its bound;
 *   - a dead, hung or garbled `ego-browser` (the CLI target's CliTargetError: it ended before its
 *     probe loop connected, mid-session, or printed no status).
 * Never an assertion (a contract failure) and never a PreconditionError: those are the build's
 * answers, and asking again would only hide them.
 */
import { getStatusFromError } from "allure-js-commons/sdk";
import type { Json } from "../contract/arguments.js";
import type { ErrorCode } from "../contract/error-codes.js";
import { isPreconditionError } from "../outcomes/precondition-error.js";
import { CliTargetError } from "../targets/cli/cli-loop-process.js";
import { ProbeTimeoutError } from "../targets/probe-timeout.js";
import type { ProbeFunction, Session, SessionOptions, Target } from "../targets/target.js";

export const INFRA_ERROR_CODES = ["EGO_TASK_HOST_DISCONNECTED", "EGO_BROWSER_UNAVAILABLE", "EGO_INVALID_RESULT_PAYLOAD"] as const satisfies readonly ErrorCode[];

/** A probe's answer said the infrastructure failed (see above); `cause` names which sign. */
export class InfrastructureError extends Error {
  override name = "InfrastructureError";
  constructor(
    message: string,
    /** which sign: an error code, or "call timed out: ..." */
    readonly sign: string,
  ) {
    super(message);
  }
}

/** The infrastructure signs in a probe's result: infra error codes and timed-out calls, deduplicated. */
export function infraSignsIn(value: unknown, found = new Set<string>(), depth = 0): string[] {
  if (depth > 64 || typeof value !== "object" || value === null) return [...found];
  if (Array.isArray(value)) {
    for (const item of value) infraSignsIn(item, found, depth + 1);
    return [...found];
  }
  const record = value as Record<string, unknown>;
  const code = record.error_code;
  if (typeof code === "string" && (INFRA_ERROR_CODES as readonly string[]).includes(code)) found.add(code);
  if (record.channel === "timeout" && typeof record.call === "string") found.add(`call timed out: ${record.call.split("(")[0]}()`);
  for (const item of Object.values(record)) infraSignsIn(item, found, depth + 1);
  return [...found];
}

/** What infrastructure failure an error is, or undefined when it is not one (then it is never retried). */
export function infrastructureCause(error: unknown): string | undefined {
  if (isPreconditionError(error)) return undefined;
  if (error instanceof Error && getStatusFromError(error) === "failed") return undefined;
  if (error instanceof InfrastructureError) return error.sign;
  if (error instanceof ProbeTimeoutError) return "probe timeout";
  if (error instanceof CliTargetError) return `ego-browser: ${error.message.split("\n")[0]}`;
  return undefined;
}

/** A session whose probe results are checked for infrastructure signs: any makes the probe an InfrastructureError. */
export function infraCheckedSession(inner: Session): Session {
  return {
    async evaluate<A extends Json[], R>(fn: ProbeFunction<A, R>, ...args: A): Promise<Awaited<R>> {
      const result = await inner.evaluate(fn, ...args);
      const signs = infraSignsIn(result);
      if (signs.length) throw new InfrastructureError(`the target answered with an infrastructure error (${signs.join(", ")}): ${JSON.stringify(result).slice(0, 600)}`, signs[0]!);
      return result;
    },
    ...(inner.diagnostics ? { diagnostics: () => inner.diagnostics!() } : {}),
    close: () => inner.close(),
  };
}

/** The target with every session checked (for the test's own sessions and its RunSpaces alike). */
export function infraCheckedTarget(target: Target): Target {
  return {
    info: target.info,
    operator: target.operator,
    openSession: async (options?: SessionOptions) => infraCheckedSession(await target.openSession(options)),
    close: () => target.close(),
    ...(target.launcher !== undefined ? { launcher: target.launcher } : {}),
  };
}
