/**
 * What an error thrown by a clause's body makes of the result: a PreconditionError naming another
 * clause is precondition failed, naming the clause itself or an assertion is failed, anything else
 * is broken (a harness or infrastructure error).
 */
import { getStatusFromError } from "allure-js-commons/sdk";
import { isPreconditionError } from "./precondition-error.js";

export type ErrorOutcome =
  | { outcome: "precondition-failed"; owner: string; message: string; answer?: string }
  | { outcome: "failed" | "broken"; message: string; answer?: string };

export function outcomeOfError(error: unknown, clauseId: string): ErrorOutcome {
  const message = error instanceof Error ? error.message : String(error);
  if (isPreconditionError(error)) {
    const answer = error.answer === undefined ? {} : { answer: error.answer };
    if (error.owner === clauseId) return { outcome: "failed", message: message.replace(/^\s*precondition failed:\s*/i, ""), ...answer };
    return { outcome: "precondition-failed", owner: error.owner, message: preconditionMessage(message, error.owner), ...answer };
  }
  return { outcome: getStatusFromError(error as Error) === "failed" ? "failed" : "broken", message };
}

/** The message of a precondition-failed result: what was missing, and the clause that owns the rule. */
export function preconditionMessage(message: string, owner: string): string {
  const what = message.replace(/^\s*precondition failed:\s*/i, "");
  return `precondition failed (owned by ${owner}): ${what}`;
}

/** The owner named by a message preconditionMessage wrote (outcomes files keep only the message). */
export function preconditionOwnerOf(message: string | undefined): string | undefined {
  return /^precondition failed \(owned by (\S+)\)/.exec(message ?? "")?.[1];
}

/** An error Allure records as failed: a PreconditionError about the clause's own rule. */
export class OwnRuleViolation extends Error {
  // allure-js-commons' getStatusFromError: a name with "assert" is a failed assertion
  override name = "AssertionError";

  constructor(
    message: string,
    /** the kind of answer the check judged, when it judged one call */
    readonly answer?: string,
  ) {
    super(message);
  }
}
