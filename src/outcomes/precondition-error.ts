/**
 * A clause could not run because the build broke a rule another clause owns: *precondition failed*,
 * naming that clause, so the report points at the one place the build deviates (WPT's PRECONDITION_FAILED).
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
