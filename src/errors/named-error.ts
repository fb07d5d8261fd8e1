/**
 * The one shape of the harness's own error classes: an Error whose `name` is the class's, given
 * as a string (a bundler may rename a class; the name the CLI and the matrix test by must not
 * change). A class is declared as `export class RunInputError extends namedError("RunInputError") {}`;
 * `instanceof` works as for any class, and a subclass may name itself again (`override name = ...`).
 */
export function namedError(name: string): new (message?: string, options?: ErrorOptions) => Error {
  return class extends Error {
    override name = name;
  };
}
