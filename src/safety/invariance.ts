/**
 * The invariance clause `safety.user-spaces.unchanged`: the spaces that are not the run's, listed
 * before vitest starts and again after the run (and its cleanup), must be the same: ids, names,
 * ownership, createdBy, profile, recent tab titles and count. The CLI writes the verdict as a
 * clause result with the snapshots (and the diff, when it fails) attached.
 *
 * Where it applies: on installed targets, where one browser (the user's) is shared by every
 * invocation of the run. The in-process fake gives every test file its own browser, which the CLI
 * cannot see, so there the check could only compare the CLI's own empty fake with itself: it is
 * reported as not applicable, with that reason, instead of a pass that could not fail.
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
