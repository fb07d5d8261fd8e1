/**
 * The values each failure channel carries (native-bindings-api.md, "Error Codes"):
 * - argument errors: a TypeError with an OWN `error_code` property;
 * - task failures of regular commands: a plain `{error, error_code}` object the Promise resolves;
 * - snapshot failures: an Error (message = native text) with an own `error_code`.
 * Builds before the error-codes feature carry no code anywhere.
 */
import type { ErrorCode } from "../../src/contract/error-codes.js";
import type { TaskFailure } from "../app/failures.js";
import type { Behaviour } from "../behaviour/behaviour.js";

export const INVALID_ARGUMENT: ErrorCode = "EGO_INVALID_ARGUMENT";
export const CDP_CHANNEL_UNAVAILABLE: ErrorCode = "EGO_CDP_CHANNEL_UNAVAILABLE";

function withCode<E extends Error>(error: E, code: ErrorCode, b: Behaviour): E {
  if (!b.errorCodes) return error;
  if (b.inheritedErrorCode) {
    // the inherited-error-code mutant: same value, but found on the prototype chain only
    Object.setPrototypeOf(error, Object.create(Object.getPrototypeOf(error) as object, { error_code: { value: code } }));
    return error;
  }
  (error as E & { error_code: ErrorCode }).error_code = code;
  return error;
}

/** The synchronous TypeError of an invalid call (or a missing CDP channel). */
export function typeErrorWithCode(message: string, code: ErrorCode, b: Behaviour): TypeError {
  // the plain-error-arguments mutant: a plain Error, no error_code
  if (b.plainErrorArguments && code === INVALID_ARGUMENT) return new Error(message) as TypeError;
  return withCode(new TypeError(message), code, b);
}

/** The Error snapshot() rejects with. */
export function rejectionOf(failure: TaskFailure, b: Behaviour): Error {
  const error = new Error(failure.message);
  if (b.errorCodes) (error as Error & { error_code: ErrorCode }).error_code = failure.code;
  return error;
}

/** The object a regular command resolves on failure. */
export function errorObjectOf(failure: TaskFailure, b: Behaviour): { error: string; error_code?: ErrorCode } {
  return b.errorCodes ? { error: failure.message, error_code: failure.code } : { error: failure.message };
}
