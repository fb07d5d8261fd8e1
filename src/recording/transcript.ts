/**
 * The transcript of a run (`run --record FILE`): the target it ran against (kind, version,
 * persona) and, clause by clause, its verdict and each test's native calls (./clause-recording.ts).
 * Made from the results directory after the run is judged; written as one JSON file.
 */
import { basename } from "node:path";
import { z } from "zod";
import { parseJson, readInputFile } from "../files/input-file.js";
import { LABEL } from "../labels/labels.js";
import { PagesChoice } from "../contract/pages-choice.js";
import type { RunSummary } from "../report/summary.js";
import { resultOutcome, type ResultOutcome } from "../outcomes/index.js";
import { labelValue, type ResultFile } from "../report/results-reader.js";
import type { RecordedCall } from "../probe/call-recorder.js";
import { readClauseRecordings } from "./clause-recording.js";
import { normaliseRunText } from "./normalise.js";
import { namedError } from "../errors/named-error.js";

export const TRANSCRIPT_FORMAT = "ego-conformance-transcript/1";
/** What the head of every transcript the harness writes holds: an existing file without it is not replaced. */
export const TRANSCRIPT_FILE_MARKER = `"format": "${TRANSCRIPT_FORMAT}"`;
/** The file a run against an installed target writes into its results directory by default. */
export const DEFAULT_TRANSCRIPT_FILE = "ego-conformance-transcript.json";

export interface TranscriptTarget {
  kind: string | null;
  /** what the report calls the target: for an installed build, the launcher's file name only (a path may name the user) */
  name: string | null;
  egoVersion: string | null;
  versionSource: string | null;
  persona: string | null;
  /** the fake's contract mutants (fake-bridge/mutants), when it ran with any */
  mutants: string[];
  /**
   * the pages the clauses ran on: `chromium`, real pages (a real build's own, or the fake's in
   * Chromium), or the fake's page `model`; null in a transcript written before this was recorded.
   * What only pages decide (a snapshot poll's attempts, page clauses' applicability) follows it,
   * so verify-fake replays on the same kind.
   */
  pages: PagesChoice | null;
}

export interface TranscriptTest {
  /** the test's title, normalised */
  name: string;
  verdict: ResultOutcome;
  /** whether its native calls were recorded (a test skipped before it ran has none) */
  recorded: boolean;
  calls: RecordedCall[];
}

export interface TranscriptClause {
  id: string;
  verdict: ResultOutcome;
  /** on unspecified clauses: "as-the-fake-chose" or "differs-from-the-fake" */
  openDetail?: string;
  /** why a not-applicable clause did not run: `version`, `feature:<name>`, `needs:<capability>` */
  notApplicable?: string;
  tests: TranscriptTest[];
}

export interface Transcript {
  format: typeof TRANSCRIPT_FORMAT;
  target: TranscriptTarget;
  clauses: TranscriptClause[];
}

function targetOf(summary: RunSummary, mutants: readonly string[], pages: PagesChoice | null): TranscriptTarget {
  const name = summary.target === "installed" && summary.targetName ? basename(summary.targetName) : summary.targetName;
  return { kind: summary.target, name, egoVersion: summary.egoVersion, versionSource: summary.versionSource, persona: summary.persona, mutants: [...mutants], pages };
}

/** The transcript of a judged run: its results directory, its summary, its id, the pages it ran on. */
export async function buildTranscript(files: readonly ResultFile[], dir: string, summary: RunSummary, runId: string, mutants: readonly string[] = [], pages: PagesChoice | null = null): Promise<Transcript> {
  const tests = new Map<string, TranscriptTest[]>();
  const recordings = await readClauseRecordings(dir);
  for (const file of files) {
    const id = labelValue(file.result, LABEL.clause);
    if (id === undefined) continue;
    const recording = recordings.get(file.result.name);
    const list = tests.get(id) ?? (tests.set(id, []), tests.get(id)!);
    list.push({ name: normaliseRunText(file.result.name, runId), verdict: resultOutcome(file.result), recorded: recording !== undefined, calls: recording?.calls ?? [] });
  }
  const clauses: TranscriptClause[] = summary.clauses.map((c) => {
    const results = files.filter((f) => labelValue(f.result, LABEL.clause) === c.id);
    const openDetail = results.map((f) => labelValue(f.result, LABEL.unspecifiedOutcome)).find((v) => v !== undefined);
    return { id: c.id, verdict: c.status, ...(openDetail ? { openDetail } : {}), ...(c.notApplicable ? { notApplicable: c.notApplicable } : {}), tests: (tests.get(c.id) ?? []).sort((a, b) => a.name.localeCompare(b.name)) };
  });
  return { format: TRANSCRIPT_FORMAT, target: targetOf(summary, mutants, pages), clauses };
}

/** An object keyed by the build's names, passed through as parsed (no prototype, src/files/input-file.ts), not copied. */
const ByName = z.custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), "an object");

const TranscriptSchema = z.object({
  format: z.literal(TRANSCRIPT_FORMAT),
  target: z.object({ kind: z.string().nullable(), name: z.string().nullable(), egoVersion: z.string().nullable(), versionSource: z.string().nullable(), persona: z.string().nullable(), mutants: z.array(z.string()), pages: PagesChoice.nullable().default(null) }),
  clauses: z.array(z.object({ id: z.string(), verdict: z.string(), openDetail: z.string().optional(), notApplicable: z.string().optional(), tests: z.array(z.object({ name: z.string(), verdict: z.string(), recorded: z.boolean(), calls: z.array(z.looseObject({ probe: z.number(), method: z.string(), channel: z.string(), failed: z.boolean(), args: z.array(z.unknown()), fields: ByName, text: ByName })) })) })),
});

export class TranscriptError extends namedError("TranscriptError", "bad-input") {}

/** A transcript file, read and checked (a file that is not one is an error naming it). */
export async function readTranscript(file: string): Promise<Transcript> {
  const text = await readInputFile(file, { kind: "transcript" });
  // bounded in depth, and its objects have no prototype (a call's fields are keyed by the build's names)
  const raw = parseJson(text, `transcript file ${file}`, (message) => new TranscriptError(message));
  const parsed = TranscriptSchema.safeParse(raw);
  if (!parsed.success) throw new TranscriptError(`${file} is not a transcript (${TRANSCRIPT_FORMAT}):\n${z.prettifyError(parsed.error)}`);
  return parsed.data as unknown as Transcript;
}
