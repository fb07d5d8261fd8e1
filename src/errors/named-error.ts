/**
 * The one shape of the harness's own error classes: an Error whose `name` is the class's, given
 * as a string (a bundler may rename a class), and whose `kind` says what it means to a user. A
 * class is declared as `export class RunInputError extends namedError("RunInputError", "bad-input") {}`.
 */

/**
 * `bad-input`: the user's input (a flag, a file, a path, a target that is not there) is wrong, and
 * the message is the whole story (exit 2, no pointer to --debug); `failure`: the harness could not
 * do its work.
 */
export type ErrorKind = "bad-input" | "failure";

export interface KindedError extends Error {
  readonly kind: ErrorKind;
}

export function namedError(name: string, kind: ErrorKind = "failure"): new (message?: string, options?: ErrorOptions) => KindedError {
  return class extends Error {
    override name = name;
    readonly kind = kind;
  };
}

/** Whether `error` says it is the user's bad input (read from the field, so an error from another module instance counts too). */
export function isBadInputError(error: unknown): boolean {
  return error instanceof Error && (error as Partial<KindedError>).kind === "bad-input";
}
