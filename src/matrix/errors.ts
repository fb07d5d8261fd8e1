import { namedError } from "../errors/named-error.js";

/**
 * A matrix request the matrix cannot take (an unknown persona, a version that is not one, a shard
 * that does not exist). Its message names the flag; the CLI reports it as a usage error (exit 2).
 */
export class MatrixInputError extends namedError("MatrixInputError", "bad-input") {}

/** Bundles that do not go together, or cannot be read (`report --merge`): exit 2. */
export class CannotMergeError extends namedError("CannotMergeError", "bad-input") {}
