/**
 * The judge phase's use of the attribution rule (src/outcomes/attribution.ts) on a run's result
 * files: a precondition failure its owner's failures do not account for becomes broken, not attributed.
 */
import { LABEL } from "../labels/labels.js";
import { notAttributedMessage, observedBroken, whyNotAttributed, type AttributionInput } from "../outcomes/attribution.js";
import { preconditionOwnerOf } from "../outcomes/of-error.js";
import { resultOutcome } from "../outcomes/of-result.js";
import { OUTCOME_LABEL } from "../outcomes/statuses.js";
import { reparseResultFile, type ResultFile, type TestResult } from "../report/results-reader.js";

/** A result file's clause, outcome, owner (the owner label, else the owner its message names) and answers. */
export function attributionInputOf(result: TestResult): AttributionInput | undefined {
  const clause = result.labels.find((l) => l.name === LABEL.clause)?.value;
  if (clause === undefined) return undefined;
  const owner = result.labels.find((l) => l.name === LABEL.preconditionOwner)?.value ?? preconditionOwnerOf(result.message);
  const answer = result.labels.find((l) => l.name === LABEL.preconditionAnswer)?.value;
  const failedOn = result.labels.filter((l) => l.name === LABEL.failedOn).map((l) => l.value);
  return { clause, outcome: resultOutcome(result), owner, answer, failedOn };
}

/**
 * Applies the rule to a run's result files, in memory: every precondition failure that does not
 * stand becomes a broken result (status broken, the outcome label removed, label
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
    const why = input === undefined ? undefined : whyNotAttributed(input, broken);
    if (input === undefined || why === undefined) return;
    unattributed.push(f.result);
    const raw = f.raw as { status?: string; labels?: { name: string; value: string }[]; statusDetails?: Record<string, unknown> };
    raw.status = "broken";
    raw.labels = (raw.labels ?? []).filter((l) => !(l.name === LABEL.outcome && l.value === OUTCOME_LABEL.preconditionFailed));
    raw.labels.push({ name: LABEL.notAttributed, value: input.owner ?? "(none)" });
    raw.statusDetails = { ...(raw.statusDetails ?? {}), message: notAttributedMessage(why, f.result.message) };
    f.result = reparseResultFile(f.result, f.raw);
    changed.push(f);
  });
  return { changed, unattributed };
}
