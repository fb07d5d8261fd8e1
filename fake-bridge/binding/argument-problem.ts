import { namedError } from "../../src/errors/named-error.js";

/** An argument a method does not accept. Raised by the validators, turned into a channel by ./errors.ts. */
export class ArgumentProblem extends namedError("ArgumentProblem") {
  constructor(
    readonly method: string,
    readonly problem: string,
  ) {
    super(`${method}(): ${problem}`);
  }
}
