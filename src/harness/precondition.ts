/**
 * PreconditionError, as the suites and the harness throw it. The class lives with the outcome it
 * stands for (src/outcomes/precondition-error.ts), so the outcome rules (src/outcomes/of-error.ts)
 * recognise it without importing the harness; suites reach it here, through the harness.
 */
import { describeObservation, type Observation } from "../probe/index.js";
import { answerKind } from "../probe/answer-kind.js";
import { PreconditionError } from "../outcomes/precondition-error.js";

export { PreconditionError } from "../outcomes/precondition-error.js";

/**
 * A precondition failure stopped by one call's answer: it names `owner`, the clause whose rule that
 * answer breaks, and records the answer's kind, which the owner must have failed on for it to stand.
 */
export function stoppedBy(obs: Observation, owner: string, what: string): PreconditionError {
  return new PreconditionError(`precondition failed: ${what}: ${describeObservation(obs)}`, owner, answerKind(obs));
}
