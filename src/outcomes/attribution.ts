/**
 * Attribution: a precondition failure stands only when its owner failed in the same run on an answer
 * of the same kind; otherwise it is broken, "not attributed". Applied where a run judges its results
 * and by the progress line, so the terminal and the JSON count the same.
 */
import type { ResultOutcome } from "./statuses.js";

/** One result as the rule sees it. */
export interface AttributionInput {
  clause: string;
  outcome: ResultOutcome;
  /** a precondition failure: the clause it names */
  owner?: string | undefined;
  /** a precondition failure whose check judged one call: the kind of answer that stopped it */
  answer?: string | undefined;
  /** a failure: the kinds of answer its judged rule found wrong (none recorded: empty or absent) */
  failedOn?: readonly string[] | undefined;
}

/** The clauses observed broken in a run (those with a failed result), each with the kinds of answer it failed on. */
export type ObservedBroken = ReadonlyMap<string, ReadonlySet<string>>;

export function observedBroken(results: Iterable<Pick<AttributionInput, "clause" | "outcome" | "failedOn">>): Map<string, Set<string>> {
  const broken = new Map<string, Set<string>>();
  for (const r of results) {
    if (r.outcome !== "failed") continue;
    const answers = broken.get(r.clause) ?? new Set<string>();
    for (const a of r.failedOn ?? []) answers.add(a);
    broken.set(r.clause, answers);
  }
  return broken;
}

/** Why a precondition failure does not stand, or undefined when it does (every other result stands). */
export function whyNotAttributed(result: AttributionInput, broken: ObservedBroken): string | undefined {
  if (result.outcome !== "precondition-failed") return undefined;
  if (result.owner === undefined) return "no owning clause was named";
  const answers = broken.get(result.owner);
  if (answers === undefined) return `${result.owner} was not observed broken in this run`;
  if (result.answer === undefined || answers.has(result.answer)) return undefined;
  if (answers.size === 0) return `${result.owner} failed on no recorded answer, this on ${result.answer}`;
  return `${result.owner} failed on ${[...answers].sort().join("; ")}, this on ${result.answer}`;
}

/** Whether a result stands: every result but a precondition failure its owner's failures do not account for. */
export function standsAttributed(result: AttributionInput, broken: ObservedBroken): boolean {
  return whyNotAttributed(result, broken) === undefined;
}

/** The outcome a result ends with under the rule: a precondition failure that does not stand is broken. */
export function attributedOutcome(result: AttributionInput, broken: ObservedBroken): ResultOutcome {
  return standsAttributed(result, broken) ? result.outcome : "broken";
}

/** The message of a precondition failure that does not stand (`why`: whyNotAttributed's): broken, not attributed, with its cause. */
export function notAttributedMessage(why: string, message: string | undefined): string {
  const cause = (message ?? "").replace(/^\s*precondition failed(?: \(owned by \S+\))?:\s*/i, "").trim() || "(no message)";
  return `broken (not attributed: ${why}): ${cause}`;
}
