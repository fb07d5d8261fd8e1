/**
 * The values each failure channel carries (native-bindings-api.md, "Error Codes"); builds before the
 * error-codes feature carry no code anywhere.
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

/**
 * Other words for the synchronous TypeErrors (the allowed deviation call-errors-reworded): the
 * reference fixes their class and error_code, never their text.
 */
const REWORDED_TYPE_ERRORS: Partial<Record<ErrorCode, string>> = {
  EGO_INVALID_ARGUMENT: "Invalid call.",
  EGO_CDP_CHANNEL_UNAVAILABLE: "No DevTools link.",
};

/** The synchronous TypeError of an invalid call (or a missing CDP channel). */
export function typeErrorWithCode(message: string, code: ErrorCode, b: Behaviour): TypeError {
  const text = b.callErrorsReworded ? (REWORDED_TYPE_ERRORS[code] ?? message) : message;
  // the plain-error-arguments mutant: a plain Error, no error_code
  if (b.plainErrorArguments && code === INVALID_ARGUMENT) return new Error(text) as TypeError;
  return withCode(new TypeError(text), code, b);
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

/**
 * Other words for what onSendCDPMessageError receives (the allowed deviation call-errors-reworded):
 * the reference gives the callback's arguments (message, error_code) and the failures it reports,
 * no text. A not-found message keeps naming the id ("Browser-side operation messages now identify
 * task spaces by numeric id"), so it stays.
 */
const REWORDED_SEND_ERRORS: Partial<Record<ErrorCode, string>> = {
  EGO_TASK_SPACE_NOT_SELECTED: "Select a task space before sending.",
  EGO_TASK_SPACE_USER_IN_CONTROL: "Sending is paused: the user has the browser.",
  EGO_TASK_SPACE_INACTIVE: "Only an agent's task space takes CDP messages.",
  EGO_TASK_SPACE_UNAVAILABLE: "The task space cannot take messages now.",
  EGO_TASK_HOST_DISCONNECTED: "The DevTools host went away.",
  EGO_CDP_SEND_FAILED: "The message could not be delivered.",
};

/** The message onSendCDPMessageError receives for a pre-send failure. */
export function sendErrorMessageOf(failure: TaskFailure, b: Behaviour): string {
  const reworded = b.callErrorsReworded ? REWORDED_SEND_ERRORS[failure.code] : undefined;
  return reworded ?? messageOf(failure, b);
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
