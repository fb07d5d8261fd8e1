/**
 * The run library's own errors. A `RunInputError` says the run cannot be made with what it was
 * given (an unreadable infrastructure-fault plan, a plan the target cannot take, options that exclude each
 * other): the CLI prints its message as a bad input (exit 2), the matrix records the target as
 * unavailable. Errors of the layers below (OutputPathError, ExpectationsError,
 * TargetUnavailableError...) pass through unchanged. It has the harness's one error shape
 * (src/errors/named-error.ts).
 */
import { namedError } from "../errors/named-error.js";

export class RunInputError extends namedError("RunInputError", "bad-input") {}
