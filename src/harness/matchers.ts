/**
 * Custom matchers over observations. Each names the contract rule it checks and, on failure,
 * shows the expected channel and shape against what was observed. A failing matcher is an
 * assertion error: a contract violation (failed in Allure), never a harness error.
 */
import { expect } from "vitest";
import { z } from "zod";
import { ErrorObject, isErrorCode, METHODS, statusFor, type ErrorCode, type MethodName } from "../contract/index.js";
import { describeObservation, type Observation } from "../probe/index.js";
import { answerKind } from "../probe/answer-kind.js";
import { noteFeatureRead } from "./feature-reads.js";
import { noteWrongAnswer } from "./judged-answers.js";

/**
 * The matcher reads `error_code`: only builds with the `error-codes` feature carry one, so the
 * running clause must declare it (./feature-reads.ts; a clause that does not has a gate gap).
 */
function readsErrorCode(): void {
  noteFeatureRead(expect.getState().currentTestName, "error-codes", "error_code");
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

function isObservation(value: unknown): value is Observation {
  return typeof value === "object" && value !== null && "channel" in value && "call" in value;
}

function notAnObservation(received: unknown): MatcherResult {
  return { pass: false, message: () => `expected an observation from the probe, received ${JSON.stringify(received)}` };
}

function result(pass: boolean, expected: string, obs: Observation, detail?: string): MatcherResult {
  return {
    pass,
    message: () =>
      pass
        ? `expected ${obs.call} not to ${expected}\nobserved: ${describeObservation(obs)}`
        : `expected ${obs.call} to ${expected}\nobserved: ${describeObservation(obs)}${detail ? `\n${detail}` : ""}`,
  };
}

/** Argument validation: a synchronous TypeError whose OWN property error_code is EGO_INVALID_ARGUMENT. */
export function toThrowInvalidArgument(received: unknown): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const e = received.error;
  const pass = received.channel === "threw" && !!e?.isTypeError && e.errorCodeIsOwn && e.error_code === "EGO_INVALID_ARGUMENT";
  return result(pass, "throw a TypeError synchronously with own error_code 'EGO_INVALID_ARGUMENT'", received);
}

/** A task failure: the Promise resolves {error: string, error_code: code}. */
export function toResolveWithErrorCode(received: unknown, code: ErrorCode, error?: string | RegExp): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const shape = ErrorObject.safeParse(received.value);
  const value = received.value as { error?: unknown; error_code?: unknown } | undefined;
  const errorMatches =
    error === undefined || (typeof value?.error === "string" && (typeof error === "string" ? value.error === error : error.test(value.error)));
  const pass = received.channel === "resolved" && shape.success && value?.error_code === code && errorMatches;
  const expected = `resolve {error: ${error === undefined ? "string" : String(error)}, error_code: '${code}'}`;
  return result(pass, expected, received, shape.success || received.channel !== "resolved" ? undefined : z.prettifyError(shape.error));
}

/** snapshot-style failures: the Promise rejects with an Error whose own error_code is `code`. */
export function toRejectWithErrorCode(received: unknown, code: ErrorCode, message?: string | RegExp): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const e = received.error;
  const messageMatches =
    message === undefined || (typeof e?.message === "string" && (typeof message === "string" ? e.message === message : message.test(e.message)));
  const pass = received.channel === "rejected" && !!e?.isError && e.errorCodeIsOwn && e.error_code === code && messageMatches;
  return result(pass, `reject an Error with own error_code '${code}'${message === undefined ? "" : ` and message ${String(message)}`}`, received);
}

/** A success: the Promise resolves a value matching the contract schema. */
export function toResolveMatching(received: unknown, schema: z.ZodType): MatcherResult {
  if (!isObservation(received)) return notAnObservation(received);
  if (received.channel !== "resolved") return result(false, "resolve a value of the documented shape", received);
  const parsed = schema.safeParse(received.value);
  return result(parsed.success, "resolve a value of the documented shape", received, parsed.success ? undefined : z.prettifyError(parsed.error));
}

/** A synchronous success: a plain value (not a Promise) matching the schema. */
export function toReturnMatching(received: unknown, schema: z.ZodType): MatcherResult {
  if (!isObservation(received)) return notAnObservation(received);
  if (received.channel !== "returned") return result(false, "return a value of the documented shape synchronously (not a Promise)", received);
  const parsed = schema.safeParse(received.value);
  return result(parsed.success, "return a value of the documented shape synchronously", received, parsed.success ? undefined : z.prettifyError(parsed.error));
}

/** A documented status string: `<id> task space closed.` and its siblings. */
export function toResolveStatus(received: unknown, method: MethodName, id: number | string): MatcherResult {
  if (!isObservation(received)) return notAnObservation(received);
  // The id is the one the build handed out: whether it is numeric is the numeric-ids clauses' concern.
  const expected = statusFor(method, id);
  if (expected === undefined) return { pass: false, message: () => `${method} documents no status string` };
  return result(received.channel === "resolved" && received.value === expected, `resolve the status string ${JSON.stringify(expected)}`, received);
}

/**
 * A raw CDP pre-send failure: sendCDPMessage returns undefined, the message is not answered, and
 * onSendCDPMessageError receives (message: string, code) once, through the event loop.
 */
export function toReportCdpError(received: unknown, code: ErrorCode): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const errors = (received.callbacks ?? []).filter((c) => c.slot === "onSendCDPMessageError");
  const answers = (received.callbacks ?? []).filter((c) => c.slot === "onCDPMessage");
  const [first] = errors;
  const pass =
    received.channel === "returned" &&
    received.valueType === "undefined" &&
    errors.length === 1 &&
    first!.afterReturn &&
    typeof first!.args[0] === "string" &&
    first!.args[1] === code &&
    answers.length === 0;
  const seen = (received.callbacks ?? []).map((c) => `${c.slot}(${c.args.map((a) => JSON.stringify(a)).join(", ")})${c.afterReturn ? "" : " [re-entrant]"}`);
  return result(
    pass,
    `return undefined and report (message, '${code}') once through onSendCDPMessageError, asynchronously, with no CDP answer`,
    received,
    `callbacks: ${seen.length ? seen.join("; ") : "none"}`,
  );
}

/**
 * A task-scoped call that fails with `code` on `method`'s documented channel (the methods table's
 * `userControl`): sendCDPMessage reports it through onSendCDPMessageError, snapshot rejects an
 * Error, every other method resolves an error object. The observation of sendCDPMessage is the
 * one with its callbacks (src/harness/probes.ts observeOnDocumentedChannel).
 */
export function toFailOnDocumentedChannel(received: unknown, method: MethodName, code: ErrorCode): MatcherResult {
  switch (METHODS[method].userControl) {
    case "callback":
      return toReportCdpError(received, code);
    case "rejects":
      return toRejectWithErrorCode(received, code);
    default:
      return toResolveWithErrorCode(received, code);
  }
}

/** Every error_code in an observation is one of the 16 documented codes. */
export function toCarryDocumentedErrorCode(received: unknown): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const code = received.error?.error_code ?? (received.value as { error_code?: unknown } | undefined)?.error_code;
  return result(isErrorCode(code), "carry one of the 16 documented error codes", received);
}

/**
 * The documented core of an argument input the doc has no rule for (research Q2-Q4): a build may
 * refuse it or go ahead, but a refusal is the documented one (a synchronous TypeError with own
 * error_code EGO_INVALID_ARGUMENT: "Argument validation failures throw TypeError", Error Codes),
 * and going ahead ends on the method's own documented channel: a synchronous return for the sync
 * methods; a Promise that resolves (a result or an error object with a documented code that is
 * not EGO_INVALID_ARGUMENT), or for snapshot also rejects an Error with a documented own code.
 */
export function toRefuseAsDocumentedOrProceed(received: unknown, method: MethodName): MatcherResult {
  readsErrorCode();
  if (!isObservation(received)) return notAnObservation(received);
  const refused = received.channel === "threw" && !!received.error?.isTypeError && received.error.errorCodeIsOwn && received.error.error_code === "EGO_INVALID_ARGUMENT";
  const value = received.value as { error?: unknown; error_code?: unknown } | null | undefined;
  const errorObject = received.channel === "resolved" && typeof value === "object" && value !== null && value.error !== undefined && value.error !== null;
  const proceeded =
    METHODS[method].kind === "sync"
      ? received.channel === "returned"
      : (received.channel === "resolved" && (!errorObject || (isErrorCode(value!.error_code) && value!.error_code !== "EGO_INVALID_ARGUMENT"))) ||
        (method === "snapshot" && received.channel === "rejected" && !!received.error?.isError && received.error.errorCodeIsOwn && isErrorCode(received.error.error_code) && received.error.error_code !== "EGO_INVALID_ARGUMENT");
  return result(
    refused || proceeded,
    `either refuse the input as documented (a synchronous TypeError with own error_code 'EGO_INVALID_ARGUMENT') or go ahead on its documented channel (${METHODS[method].kind === "sync" ? "a synchronous return" : method === "snapshot" ? "resolve, or reject an Error with a documented error_code" : "resolve"})`,
    received,
  );
}

/**
 * A matcher that, when the expectation fails (`.not` included), notes the kind of answer it
 * judged against the running clause (./judged-answers.ts): what its failure was a failure on.
 */
function noting<A extends unknown[]>(matcher: (received: unknown, ...args: A) => MatcherResult) {
  return function (this: unknown, received: unknown, ...args: A): MatcherResult {
    const outcome = matcher(received, ...args);
    // vitest calls a matcher with its state as `this`; called directly (the matchers' own tests), there is none
    const isNot = (this as { isNot?: boolean } | undefined)?.isNot === true;
    if (outcome.pass === isNot && isObservation(received)) noteWrongAnswer(expect.getState().currentTestName, answerKind(received));
    return outcome;
  };
}

export const contractMatchers = {
  toRefuseAsDocumentedOrProceed: noting(toRefuseAsDocumentedOrProceed),
  toThrowInvalidArgument: noting(toThrowInvalidArgument),
  toResolveWithErrorCode: noting(toResolveWithErrorCode),
  toRejectWithErrorCode: noting(toRejectWithErrorCode),
  toResolveMatching: noting(toResolveMatching),
  toReturnMatching: noting(toReturnMatching),
  toResolveStatus: noting(toResolveStatus),
  toReportCdpError: noting(toReportCdpError),
  toFailOnDocumentedChannel: noting(toFailOnDocumentedChannel),
  toCarryDocumentedErrorCode: noting(toCarryDocumentedErrorCode),
};

interface ContractMatchers<R = unknown> {
  toThrowInvalidArgument(): R;
  toResolveWithErrorCode(code: ErrorCode, error?: string | RegExp): R;
  toRejectWithErrorCode(code: ErrorCode, message?: string | RegExp): R;
  toResolveMatching(schema: z.ZodType): R;
  toReturnMatching(schema: z.ZodType): R;
  toResolveStatus(method: MethodName, id: number | string): R;
  toReportCdpError(code: ErrorCode): R;
  toFailOnDocumentedChannel(method: MethodName, code: ErrorCode): R;
  toCarryDocumentedErrorCode(): R;
  toRefuseAsDocumentedOrProceed(method: MethodName): R;
}

declare module "vitest" {
  interface Matchers<T = any> extends ContractMatchers<T> {}
}
