/**
 * Which errors are the infrastructure's, not the build's contract: the only ones a clause is retried
 * on. Never an assertion or a PreconditionError: those are the build's answers, and asking again
 * would only hide them.
 */
import { getStatusFromError } from "allure-js-commons/sdk";
import type { Json } from "../contract/arguments.js";
import { infraSignsIn } from "../probe/infra-watch.js";
import { isPreconditionError } from "../outcomes/precondition-error.js";
import { CliTargetError } from "../targets/cli/cli-loop-process.js";
import { ProbeTimeoutError } from "../targets/probe-timeout.js";
import type { ProbeFunction, Session, SessionOptions, Target } from "../targets/target.js";

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
      // the first line is the cause alone, the same for every probe it touched (the summary names it once)
      if (signs.length) throw new InfrastructureError(`infrastructure error: ${signs.join(", ")}\nthe probe's answer: ${JSON.stringify(result).slice(0, 600)}`, signs[0]!);
      return result;
    },
    ...(inner.diagnostics ? { diagnostics: () => inner.diagnostics!() } : {}),
    close: () => inner.close(),
  };
}

/** The target with every session checked (for the test's own sessions and its TestSpaces alike). */
export function infraCheckedTarget(target: Target): Target {
  return {
    info: target.info,
    operator: target.operator,
    openSession: async (options?: SessionOptions) => infraCheckedSession(await target.openSession(options)),
    close: () => target.close(),
    ...(target.launcher !== undefined ? { launcher: target.launcher } : {}),
  };
}
