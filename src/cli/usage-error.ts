import { namedError } from "../errors/named-error.js";

/** A mistake in how the CLI was called: the usage is printed and the exit status is 2. */
export class UsageError extends namedError("UsageError", "bad-input") {}
