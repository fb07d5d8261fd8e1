/**
 * Reads an Allure results directory's `*-result.json` files into typed results, validating only the
 * fields the report layer uses: a file that is not JSON or lacks one is an error naming it, since a
 * summary that silently dropped results would call clauses unknown for the wrong reason.
 */
import { readdir, stat } from "node:fs/promises";
import { parseJson, readInputFile } from "../files/input-file.js";
import { basename, join } from "node:path";
import { z } from "zod";

export const RESULT_STATUSES = ["passed", "failed", "broken", "skipped", "unknown"] as const;
export const ResultStatus = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof ResultStatus>;

const NameValue = z.object({ name: z.string(), value: z.string() });

const ResultFileSchema = z.object({
  uuid: z.string().optional(),
  historyId: z.string().optional(),
  name: z.string(),
  fullName: z.string().optional(),
  // The Allure model makes status optional; a result without one has no verdict, so it is unknown.
  status: ResultStatus.optional(),
  statusDetails: z
    .object({ message: z.string().optional(), trace: z.string().optional(), flaky: z.boolean().optional() })
    .optional(),
  labels: z.array(NameValue).default([]),
  parameters: z
    .array(z.object({ name: z.string(), value: z.string(), excluded: z.boolean().optional() }))
    .default([]),
  start: z.number().optional(),
  stop: z.number().optional(),
  attachments: z.array(z.object({ name: z.string(), source: z.string() }).loose()).default([]),
});

/** An attachment of a result or of one of its steps (allure-vitest files a runtime attachment as a step), as the raw JSON has it. */
interface RawAttachment {
  name?: unknown;
  source?: unknown;
}
interface RawStep {
  attachments?: RawAttachment[];
  steps?: RawStep[];
}

export interface Label {
  name: string;
  value: string;
}

export interface TestResult {
  /** absolute path of the `*-result.json` file */
  file: string;
  uuid?: string;
  historyId?: string;
  name: string;
  fullName?: string;
  status: ResultStatus;
  message?: string;
  trace?: string;
  /** `statusDetails.flaky`: it passed only after an infrastructure retry (src/outcomes) */
  flaky?: boolean;
  labels: Label[];
  parameters: { name: string; value: string }[];
  start?: number;
  stop?: number;
  /** the start of the "target diagnostics" attachment (the target's stderr), when the result has one */
  diagnostics?: string;
}

/** The attachment clause() adds to a result that did not pass: what the target printed on stderr. */
export const DIAGNOSTICS_ATTACHMENT = "target diagnostics (ego-browser stderr)";

/**
 * The attachment clause() adds when an unspecified clause differs from the fake's choice
 * (src/harness/clause.ts): "observed (differs from the fake's choice)". The matrix shows its text.
 */
export const OBSERVATION_ATTACHMENT = /^observed\b/;
const DIAGNOSTICS_CHARS = 4000;

export const RESULT_FILE_SUFFIX = "-result.json";

function parseResult(file: string, text: string): { result: TestResult; attachments: { name: string; source: string }[] } {
  const raw = parseJson(text, `the Allure result ${file}`);
  const parsed = ResultFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`malformed Allure result ${file}:\n${z.prettifyError(parsed.error)}`);
  }
  const r = parsed.data;
  const result: TestResult = {
    file,
    name: r.name,
    status: r.status ?? "unknown",
    labels: r.labels,
    parameters: r.parameters.map(({ name, value }) => ({ name, value })),
  };
  if (r.uuid !== undefined) result.uuid = r.uuid;
  if (r.historyId !== undefined) result.historyId = r.historyId;
  if (r.fullName !== undefined) result.fullName = r.fullName;
  if (r.statusDetails?.message !== undefined) result.message = r.statusDetails.message;
  if (r.statusDetails?.trace !== undefined) result.trace = r.statusDetails.trace;
  if (r.statusDetails?.flaky === true) result.flaky = true;
  if (r.start !== undefined) result.start = r.start;
  if (r.stop !== undefined) result.stop = r.stop;
  return { result, attachments: r.attachments };
}

/**
 * Every test result in `dir`, in file-name order (stable across runs and platforms).
 * A missing directory is an error; an empty one gives no results.
 */
export async function readResults(dir: string): Promise<TestResult[]> {
  return (await readResultFiles(dir)).map((f) => f.result);
}

/**
 * One `*-result.json` file as read: the typed result, the file's JSON as it is on disk (to rewrite
 * it), and the texts of its observation attachments (the later phases read none of the directory).
 */
export interface ResultFile {
  result: TestResult;
  raw: Record<string, unknown>;
  /** the texts of the result's (and its steps') observation attachments, in order; the ones that cannot be read are left out */
  observations: string[];
}

/**
 * Every result file in `dir`, typed and raw, in file-name order, with the attachments the later
 * phases show (the diagnostics, the observations); the directory's listing and each file are read once.
 */
export async function readResultFiles(dir: string): Promise<ResultFile[]> {
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read Allure results directory ${dir}: ${error.code ?? error.message}`);
  });
  if (!info.isDirectory()) throw new Error(`Allure results path ${dir} is not a directory`);
  const names = (await readdir(dir)).filter((n) => n.endsWith(RESULT_FILE_SUFFIX)).sort();
  const files: ResultFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const text = await readInputFile(file, { kind: "Allure result" });
    const { result, attachments } = parseResult(file, text);
    // the last attempt's (a retried clause names them "... (attempt N)")
    const source = attachments.filter((a) => a.name.startsWith(DIAGNOSTICS_ATTACHMENT)).pop()?.source;
    if (source !== undefined) {
      const diagnostics = await readInputFile(join(dir, basename(source)), { kind: "Allure attachment" }).catch(() => undefined);
      if (diagnostics !== undefined && diagnostics.trim() !== "") result.diagnostics = diagnostics.slice(0, DIAGNOSTICS_CHARS);
    }
    const raw = parseJson(text, `the Allure result ${file}`) as Record<string, unknown>;
    const observations: string[] = [];
    for (const source of observationSources(raw)) {
      const observed = await readInputFile(join(dir, source), { kind: "Allure attachment" }).catch(() => undefined);
      if (observed !== undefined) observations.push(observed);
    }
    files.push({ result, raw, observations });
  }
  return files;
}

/** The file names of a result's observation attachments, its own and its steps', in order. */
function observationSources(step: RawStep): string[] {
  const own = (step.attachments ?? [])
    .filter((a) => typeof a.name === "string" && OBSERVATION_ATTACHMENT.test(a.name) && typeof a.source === "string")
    .map((a) => a.source as string)
    // the source is a file name in the results directory, never a path out of it
    .filter((source) => !source.includes("/") && !source.includes("\\"));
  return [...own, ...(step.steps ?? []).flatMap(observationSources)];
}

/** The typed result of a raw result that was changed in memory (its diagnostics, an attachment's text, are kept). */
export function reparseResultFile(previous: TestResult, raw: Record<string, unknown>): TestResult {
  const { result } = parseResult(previous.file, JSON.stringify(raw));
  if (previous.diagnostics !== undefined) result.diagnostics = previous.diagnostics;
  return result;
}

/** The first value of label `name`, if the result carries it. */
export function labelValue(result: Pick<TestResult, "labels">, name: string): string | undefined {
  return result.labels.find((l) => l.name === name)?.value;
}
