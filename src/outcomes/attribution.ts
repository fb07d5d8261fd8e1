/**
 * Attribution: a precondition failure names the clause whose rule the build broke, and it stands
 * only when that clause was observed broken in the same run, that is, when at least one of the
 * owner's results *failed* (a contract violation of its own). Otherwise (the owner passed, was
 * itself precondition failed or broken, did not apply or did not run) nothing in the run shows
 * that the named rule was broken: a creation that failed for a transient reason must not be laid
 * at task-spaces.create.result-shape while that clause passed. Such a result is *broken*, "not
 * attributed", with its cause (issue 19, Deliver 4; the house rule: harness and infrastructure
 * errors are broken).
 *
 * The rule is applied where a run judges its results (src/run/attribute-results.ts, from
 * src/run/judge.ts before the expectations: the owner's verdict is what the run observed) and by
 * the progress line's last line
 * (src/report/progress-reporter.ts), so the terminal and the JSON count the same.
 */
import type { ResultOutcome } from "./statuses.js";

/** One result as the rule sees it: its clause, its outcome and, for a precondition failure, the owner it names. */
export interface AttributionInput {
  clause: string;
  outcome: ResultOutcome;
  owner?: string | undefined;
}

/** The clauses observed broken in a run: those with at least one failed result. */
export function observedBroken(results: Iterable<Pick<AttributionInput, "clause" | "outcome">>): Set<string> {
  const broken = new Set<string>();
  for (const r of results) if (r.outcome === "failed") broken.add(r.clause);
  return broken;
}

/** Whether a result stands: every result but a precondition failure whose owner is missing or was not observed broken. */
export function standsAttributed(result: AttributionInput, broken: ReadonlySet<string>): boolean {
  return result.outcome !== "precondition-failed" || (result.owner !== undefined && broken.has(result.owner));
}

/** The outcome a result ends with under the rule: a precondition failure that does not stand is broken. */
export function attributedOutcome(result: AttributionInput, broken: ReadonlySet<string>): ResultOutcome {
  return standsAttributed(result, broken) ? result.outcome : "broken";
}

/** The message of a precondition failure that does not stand: broken, not attributed, with its cause. */
export function notAttributedMessage(owner: string | undefined, message: string | undefined): string {
  const cause = (message ?? "").replace(/^\s*precondition failed(?: \(owned by \S+\))?:\s*/i, "").trim() || "(no message)";
  const who = owner === undefined ? "no owning clause was named" : `${owner} was not observed broken in this run`;
  return `broken (not attributed: ${who}): ${cause}`;
}
