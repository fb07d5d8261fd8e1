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
 * The rule is applied where a run judges its results (src/run/judge.ts, before the expectations:
 * the owner's verdict is what the run observed) and by the progress line's last line
 * (src/report/progress-reporter.ts), so the terminal and the JSON count the same.
 */
import { LABEL } from "../report/labels.js";
import { reparseResultFile, type ResultFile, type TestResult } from "../report/results-reader.js";
import { preconditionOwnerOf } from "./of-error.js";
import { resultOutcome } from "./of-result.js";
import { OUTCOME_LABEL, type ResultOutcome } from "./statuses.js";

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

/** A result file's clause, outcome and owner (the owner label, else the owner its message names). */
export function attributionInputOf(result: TestResult): AttributionInput | undefined {
  const clause = result.labels.find((l) => l.name === LABEL.clause)?.value;
  if (clause === undefined) return undefined;
  const owner = result.labels.find((l) => l.name === LABEL.preconditionOwner)?.value ?? preconditionOwnerOf(result.message);
  return { clause, outcome: resultOutcome(result), owner };
}

/**
 * Applies the rule to a run's result files, in memory: every precondition failure whose owner was
 * not observed broken becomes a broken result (status broken, the outcome label removed, label
 * `not_attributed=<owner>`, the message saying so with the cause). Returns the changed files (the
 * caller writes them back) and the results as they were before the change.
 */
export function attributeFiles(files: ResultFile[]): { changed: ResultFile[]; unattributed: TestResult[] } {
  const inputs = files.map((f) => attributionInputOf(f.result));
  const broken = observedBroken(inputs.filter((i): i is AttributionInput => i !== undefined));
  const changed: ResultFile[] = [];
  const unattributed: TestResult[] = [];
  files.forEach((f, i) => {
    const input = inputs[i];
    if (input === undefined || standsAttributed(input, broken)) return;
    unattributed.push(f.result);
    const raw = f.raw as { status?: string; labels?: { name: string; value: string }[]; statusDetails?: Record<string, unknown> };
    raw.status = "broken";
    raw.labels = (raw.labels ?? []).filter((l) => !(l.name === LABEL.outcome && l.value === OUTCOME_LABEL.preconditionFailed));
    raw.labels.push({ name: LABEL.notAttributed, value: input.owner ?? "(none)" });
    raw.statusDetails = { ...(raw.statusDetails ?? {}), message: notAttributedMessage(input.owner, f.result.message) };
    f.result = reparseResultFile(f.result, f.raw);
    changed.push(f);
  });
  return { changed, unattributed };
}
