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

/**
 * Other words for the messages the reference does not give (the allowed deviation
 * messages-reworded); 'Task space not selected', 'Task space not found: <id>', 'Profile not found'
 * and the reason keys are the reference's own, and stay.
 */
const REWORDED: Partial<Record<ErrorCode, (message: string) => string>> = {
  EGO_TASK_SPACE_INACTIVE: () => "This task space belongs to the user: claim it before automating it.",
  EGO_WEB_CONTENTS_UNAVAILABLE: () => "The tab has no web contents (closed or crashed).",
  EGO_SNAPSHOT_FAILED: (message) => `Could not capture the page (${message})`,
};

/** The message a failure carries on its channel. */
export function messageOf(failure: TaskFailure, b: Behaviour): string {
  const reworded = b.messagesReworded ? REWORDED[failure.code] : undefined;
  return reworded === undefined ? failure.message : reworded(failure.message);
}

/** The Error snapshot() rejects with. */
export function rejectionOf(failure: TaskFailure, b: Behaviour): Error {
  const error = new Error(messageOf(failure, b));
  if (b.errorCodes) (error as Error & { error_code: ErrorCode }).error_code = failure.code;
  return error;
}

/** The object a regular command resolves on failure. */
export function errorObjectOf(failure: TaskFailure, b: Behaviour): { error: string; error_code?: ErrorCode } {
  const error = messageOf(failure, b);
  return b.errorCodes ? { error, error_code: failure.code } : { error };
}
