/**
 * `run --update-expectations [--write]`: what the expectations file should say after this run. Added
 * entries are marked unreviewed, so lint fails until a human gives each an owner and a bug
 * (docs/results.md).
 */
import { writeFileAtomic } from "../files/output-dir.js";
import type { Clause } from "../contract/clause.js";
import type { ExpectationsOutcome } from "./apply.js";
import { addDays } from "./dates.js";
import type { LoadedExpectations } from "./load.js";
import { matchesClause } from "./pattern.js";
import { describeEntry, TODO_BUG, UNASSIGNED_OWNER, type ExpectationEntry, type ExpectationsFile, type ExpectedOutcome, type IndexedEntry } from "./schema.js";

export const GENERATED_EXPIRY_DAYS = 30;
/** What every expectations file holds near its top (its entries): --write replaces no file without it. */
export const EXPECTATIONS_FILE_MARKER = `"entries"`;

export interface ExpectationUpdate {
  add: ExpectationEntry[];
  remove: { entry: IndexedEntry; why: string }[];
  review: string[];
}

function firstLine(message: string | undefined): string {
  const line = (message ?? "").split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? "no message";
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

export function suggestUpdates(outcome: ExpectationsOutcome, loaded: LoadedExpectations | undefined, catalogue: readonly Clause[], today: string): ExpectationUpdate {
  const add: ExpectationEntry[] = [];
  const remove: ExpectationUpdate["remove"] = [];
  const review: string[] = [];
  const { run } = outcome;
  const failures = outcome.judgements
    .filter((j) => j.kind === "new-failure")
    .map((j) => ({ id: j.clause, statuses: [...new Set(j.failing.map((f) => f.status))].sort() as ExpectedOutcome[], message: j.failing[0]?.message }));
  add.push(...additionsFor(failures, run, today));
  for (const j of outcome.judgements) {
    if (j.kind === "mismatch") {
      const other = j.results.filter((r) => r.verdict === "mismatch").map((r) => `${r.result.status}: ${firstLine(r.result.message)}`);
      review.push(`${j.clause}: failed for another reason than ${describeEntry(j.entry!)} records (expects ${j.entry!.entry.expected.join(" or ")}${j.entry!.entry.message ? ` matching /${j.entry!.entry.message}/` : ""}): ${other.join("; ")}`);
    }
  }
  const stillCovering = new Set(outcome.judgements.filter((j) => j.kind === "known" || j.kind === "mismatch").map((j) => j.entry!.index));
  const passedBy = new Map<number, { entry: IndexedEntry; clauses: string[] }>();
  for (const j of outcome.judgements.filter((x) => x.kind === "unexpected-pass")) {
    const slot = passedBy.get(j.entry!.index) ?? { entry: j.entry!, clauses: [] };
    slot.clauses.push(j.clause);
    passedBy.set(j.entry!.index, slot);
  }
  for (const { entry, clauses } of passedBy.values()) {
    if (stillCovering.has(entry.index)) review.push(`${describeEntry(entry)}: ${clauses.join(", ")} passed but it still covers failing clauses: narrow its pattern`);
    else remove.push({ entry, why: `unexpected pass: ${clauses.join(", ")} passed` });
  }
  for (const e of loaded?.entries ?? []) {
    if (!catalogue.some((c) => matchesClause(e.entry.clause, c.id)) && !remove.some((r) => r.entry.index === e.index)) {
      remove.push({ entry: e, why: "matches no clause of the catalogue" });
    }
  }
  for (const x of outcome.expired) {
    for (const e of x.entries) review.push(`${x.clause}: ${describeEntry(e)} expired on ${e.entry.expires}: renew it (owner ${e.entry.owner}) or fix the failure`);
  }
  return { add, remove, review };
}

/** Entries to add for the new failures, from the clause statuses and messages of the run's summary. */
export function additionsFor(
  failures: readonly { id: string; statuses: ExpectedOutcome[]; message?: string | undefined }[],
  run: ExpectationsOutcome["run"],
  today: string,
): ExpectationEntry[] {
  return failures.map((f) => {
    const when: NonNullable<ExpectationEntry["when"]> = {};
    if (run.target === "fake" || run.target === "installed") when.target = run.target;
    if (run.persona !== null) when.persona = run.persona;
    if (run.egoVersion !== null && /^\d+\.\d+\.\d+\.\d+$/.test(run.egoVersion)) when.egoVersion = run.egoVersion;
    return {
      clause: f.id,
      ...(Object.keys(when).length > 0 ? { when } : {}),
      expected: f.statuses,
      reason: `observed on Ego Lite ${run.egoVersion ?? "(version unknown)"} (${run.target ?? "target unknown"}${run.persona ? `, persona ${run.persona}` : ""}): ${firstLine(f.message)}`,
      bug: TODO_BUG,
      owner: UNASSIGNED_OWNER,
      expires: addDays(today, GENERATED_EXPIRY_DAYS),
      generated: `by ego-conformance run --update-expectations --write on ${today}: needs an owner and a bug`,
    };
  });
}

export function renderUpdates(update: ExpectationUpdate, file: string, written: boolean): string {
  const lines: string[] = [`Expectations update for ${file}${written ? " (written)" : " (not written: add --write)"}`];
  if (update.add.length + update.remove.length + update.review.length === 0) lines.push("  nothing to change");
  if (update.add.length > 0) {
    lines.push(`  add ${update.add.length} (TODO for a human: each needs an owner and a bug link; written as owner "${UNASSIGNED_OWNER}", bug "${TODO_BUG}", expiring in ${GENERATED_EXPIRY_DAYS} days):`);
    for (const e of update.add) lines.push(`    + ${JSON.stringify({ clause: e.clause, when: e.when, expected: e.expected, reason: e.reason })}`);
  }
  if (update.remove.length > 0) {
    lines.push(`  remove ${update.remove.length}:`);
    for (const r of update.remove) lines.push(`    - ${describeEntry(r.entry)}: ${r.why}`);
  }
  if (update.review.length > 0) {
    lines.push(`  review by hand ${update.review.length} (never written):`);
    for (const r of update.review) lines.push(`    ? ${r}`);
  }
  return `${lines.join("\n")}\n`;
}

export const NEW_FILE_COMMENT =
  "Known failures of Ego Lite builds (src/expectations/schema.ts). Last matching entry wins; expired entries lapse; an expected failure that passes fails the run. Check with: ego-conformance expectations lint";

export async function writeUpdates(file: string, loaded: LoadedExpectations | undefined, update: ExpectationUpdate): Promise<void> {
  const removed = new Set(update.remove.map((r) => r.entry.index));
  const data: ExpectationsFile = {
    $comment: loaded?.data.$comment ?? NEW_FILE_COMMENT,
    entries: [...(loaded?.data.entries ?? []).filter((_, i) => !removed.has(i)), ...update.add],
  };
  await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`);
}
