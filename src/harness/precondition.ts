/**
 * PreconditionError, as the suites and the harness throw it. The class lives with the outcome it
 * stands for (src/outcomes/precondition-error.ts), so the outcome rules (src/outcomes/of-error.ts)
 * recognise it without importing the harness; suites reach it here, through the harness.
 */
export { isPreconditionError, PreconditionError } from "../outcomes/precondition-error.js";
