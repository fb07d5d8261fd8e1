/**
 * The invariance clause `safety.user-spaces.unchanged`: the spaces that are not the run's are the
 * same after the run as before. Only installed targets share one browser across the run; on the
 * in-process fake it could not fail, so it is not applicable there.
 */
import { clauseById } from "../contract/catalogue.js";
import type { TargetInfo } from "../targets/target.js";
import { writeClauseResult, type ResultAttachment } from "../report/clause-result.js";
import { describeDiff, diffUserSpaces, type UserSpacesSnapshot } from "./user-space-changes.js";

export const INVARIANCE_CLAUSE_ID = "safety.user-spaces.unchanged";

export const IN_PROCESS_REASON =
  "not applicable: the in-process fake gives every test file its own browser, so no browser is shared with a user; the check runs on installed targets";

/** A snapshot, or why there is none. */
export type SnapshotOutcome = { ok: true; snapshot: UserSpacesSnapshot } | { ok: false; reason: string };

export interface InvarianceVerdict {
  status: "passed" | "failed" | "broken";
  message?: string;
}

/** The verdict from the two snapshots; pure. */
export function invarianceVerdict(before: SnapshotOutcome, after: SnapshotOutcome): InvarianceVerdict {
  if (!before.ok) return { status: "broken", message: `could not list the task spaces before the run: ${before.reason}` };
  if (!after.ok) return { status: "broken", message: `could not list the task spaces after the run: ${after.reason}` };
  const diff = diffUserSpaces(before.snapshot, after.snapshot);
  if (diff.unchanged) return { status: "passed" };
  return { status: "failed", message: [`task spaces that are not the run's changed during the run:`, ...describeDiff(diff).map((l) => `  ${l}`)].join("\n") };
}

export async function writeInvarianceResult(resultsDir: string, target: TargetInfo, before: SnapshotOutcome, after: SnapshotOutcome, start: number, extra: readonly ResultAttachment[] = []): Promise<InvarianceVerdict> {
  const verdict = invarianceVerdict(before, after);
  const attachments: ResultAttachment[] = [...extra];
  if (verdict.status === "failed" && before.ok && after.ok) {
    attachments.push({ name: "diff", type: "application/json" as const, content: JSON.stringify(diffUserSpaces(before.snapshot, after.snapshot), null, 2) });
  }
  if (before.ok) attachments.push({ name: "spaces before the run", type: "application/json" as const, content: JSON.stringify(before.snapshot, null, 2) });
  if (after.ok) attachments.push({ name: "spaces after the run", type: "application/json" as const, content: JSON.stringify(after.snapshot, null, 2) });
  await writeClauseResult(resultsDir, {
    clause: clauseById(INVARIANCE_CLAUSE_ID),
    target,
    status: verdict.status,
    ...(verdict.message !== undefined ? { message: verdict.message } : {}),
    attachments,
    start,
    stop: Date.now(),
  });
  return verdict;
}

/** On the in-process fake: skipped, with the reason. */
export async function writeInvarianceNotApplicable(resultsDir: string, target: TargetInfo): Promise<void> {
  const now = Date.now();
  await writeClauseResult(resultsDir, { clause: clauseById(INVARIANCE_CLAUSE_ID), target, status: "skipped", message: IN_PROCESS_REASON, notApplicable: "target:in-process", start: now, stop: now });
}
