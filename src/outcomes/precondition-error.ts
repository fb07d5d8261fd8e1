/**
 * A clause could not run because the build did not provide something it stands on: a rule that
 * another clause owns. That is neither a contract failure of this clause (failed) nor a harness
 * error (broken): it is *precondition failed*, and it names the clause that owns the broken rule,
 * so the report can point at the one place where the build deviates (WPT's PRECONDITION_FAILED).
 */
export class PreconditionError extends Error {
  override name = "PreconditionError";

  constructor(
    message: string,
    /** the catalogue id of the clause that owns the rule the build broke */
    readonly owner: string,
    /**
     * when the check judged one call: the kind of answer that stopped it (src/probe/answer-kind.ts).
     * The failure stands only if the owner failed on an answer of that kind (./attribution.ts).
     */
    readonly answer?: string,
  ) {
    super(message);
  }
}

export function isPreconditionError(error: unknown): error is PreconditionError {
  return error instanceof Error && error.name === "PreconditionError" && typeof (error as PreconditionError).owner === "string";
}
