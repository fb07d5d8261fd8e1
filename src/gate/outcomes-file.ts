/**
 * A run's outcomes file: one outcome per selected clause, with the run's target, version, persona
 * and id. Every `run` writes it, `baseline save` stores it per version, `gate` compares two.
 */
import { z } from "zod";
import { readJsonFile } from "../files/input-file.js";
import { writeFileAtomic } from "../files/output-dir.js";
import { summaryPassed, describeProblem, type RunSummary } from "../report/summary.js";
import { Outcome } from "../outcomes/statuses.js";
import { clauseOutcome } from "../outcomes/precedence.js";
import { namedError } from "../errors/named-error.js";
import { idRecord, idRecordSchema } from "../tables/id-record.js";

export const OUTCOMES_SCHEMA_VERSION = 1;
/** What the head of every outcomes file the harness writes holds: an existing file without it is not replaced. */
export const OUTCOMES_FILE_MARKER = `"schema": ${OUTCOMES_SCHEMA_VERSION},\n  "runId": `;

/** A clause's outcome (src/outcomes) as a file holds it: files written before the outcome model said "skipped" for not-applicable. */
export const OutcomeInFile = z.preprocess((s) => (s === "skipped" ? "not-applicable" : s), Outcome);

export const ClauseOutcomeSchema = z.strictObject({
  status: OutcomeInFile,
  /** first line of the first message (a failure, a skip reason) */
  message: z.string().optional(),
  /** bug links of the expectations that made it known */
  bugs: z.array(z.string()).optional(),
  /** for a not-applicable clause: why, its `not_applicable` key (`needs:operator`, `feature:profiles`); absent in files written before it was kept */
  notApplicable: z.string().optional(),
});
export type ClauseOutcome = z.infer<typeof ClauseOutcomeSchema>;

export const RunOutcomesSchema = z.strictObject({
  schema: z.literal(OUTCOMES_SCHEMA_VERSION),
  runId: z.string().nullable(),
  date: z.string(),
  target: z.string().nullable(),
  targetName: z.string().nullable(),
  egoVersion: z.string().nullable(),
  persona: z.string().nullable(),
  ungated: z.boolean(),
  /** how many clauses the catalogue had when the run was made */
  catalogueClauses: z.number().int().min(0),
  /** whether the run itself passed (summaryPassed) */
  passed: z.boolean(),
  /** problems that made the results untrustworthy (mixed runs, unknown clauses) */
  problems: z.array(z.string()),
  /** the expectations file applied, if any */
  expectations: z.string().nullable(),
  /** keyed by clause id: a record with no prototype, so any id read from a file is an entry */
  clauses: idRecordSchema(ClauseOutcomeSchema),
});
export type RunOutcomes = z.infer<typeof RunOutcomesSchema>;

export interface OutcomesMeta {
  runId: string | null;
  date?: Date;
  ungated?: boolean;
  catalogueClauses: number;
  expectations?: string | null;
}

function firstLine(text: string | undefined): string | undefined {
  const line = text?.split(/\r?\n/).find((l) => l.trim() !== "")?.trim();
  return line === undefined ? undefined : line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

export function outcomesFromSummary(summary: RunSummary, meta: OutcomesMeta): RunOutcomes {
  const clauses = idRecord<ClauseOutcome>();
  for (const c of summary.clauses) {
    const message = firstLine(c.messages?.[0]);
    clauses[c.id] = { status: clauseOutcome(c.status, c.unspecified), ...(message !== undefined ? { message } : {}), ...(c.bugs ? { bugs: c.bugs } : {}), ...(c.notApplicable !== undefined ? { notApplicable: c.notApplicable } : {}) };
  }
  return {
    schema: OUTCOMES_SCHEMA_VERSION,
    runId: meta.runId,
    date: (meta.date ?? new Date()).toISOString(),
    target: summary.target,
    targetName: summary.targetName,
    egoVersion: summary.egoVersion,
    persona: summary.persona,
    ungated: meta.ungated ?? false,
    catalogueClauses: meta.catalogueClauses,
    passed: summaryPassed(summary),
    problems: summary.problems.map(describeProblem),
    expectations: meta.expectations ?? null,
    clauses,
  };
}

export class OutcomesError extends namedError("OutcomesError", "bad-input") {}

export function parseOutcomes(raw: unknown, source: string): RunOutcomes {
  const parsed = RunOutcomesSchema.safeParse(raw);
  if (!parsed.success) throw new OutcomesError(`${source} is not a run's outcomes file:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** `kind` names the file in messages: "outcomes" (a run's), "baseline" (the gate's yardstick). */
export async function readOutcomes(file: string, kind: "outcomes" | "baseline" = "outcomes"): Promise<RunOutcomes> {
  return parseOutcomes(await readJsonFile(file, kind, (message) => new OutcomesError(message)), file);
}

/** Written through a temporary sibling and a rename, so a reader never sees half a file and a failed write leaves none. */
export async function writeOutcomes(file: string, outcomes: RunOutcomes): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(outcomes, null, 2)}\n`);
}
