/**
 * The run library's own errors: a RunInputError is a run that cannot be made with what it was
 * given (the CLI says exit 2, the matrix records the target unavailable); lower layers' pass through.
 */
import { namedError } from "../errors/named-error.js";

export class RunInputError extends namedError("RunInputError", "bad-input") {}
