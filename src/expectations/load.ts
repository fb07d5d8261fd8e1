/**
 * Reading an expectations file: JSON, the zod structure (./schema), then the validity checks of
 * ./lint (ranges, dates, patterns, URLs, personas). A file that fails any of them is refused with
 * every problem named: a run must not judge its results by entries it cannot read.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CATALOGUE } from "../contract/catalogue.js";
import { personaNamesInTable } from "../contract/build-features.js";
import { readJsonFile } from "../files/input-file.js";
import { todayUtc } from "./dates.js";
import { renderProblem, runChecks, VALIDITY_CHECKS, type LintContext, type LintProblem } from "./lint/index.js";
import { ExpectationsFileSchema, type ExpectationsFile, type IndexedEntry } from "./schema.js";
import { namedError } from "../errors/named-error.js";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
export const DEFAULT_EXPECTATIONS_FILE = resolve(PROJECT_ROOT, "fixtures/expectations/expectations.json");

export class ExpectationsError extends namedError("ExpectationsError", "bad-input") {}

export interface LoadedExpectations {
  file: string;
  data: ExpectationsFile;
  entries: IndexedEntry[];
}

export function lintContext(today = todayUtc()): LintContext {
  return { catalogue: CATALOGUE, today, personas: personaNamesInTable() };
}

/** The structure problems of a parsed JSON value, as lint problems (empty when it is a file). */
export function structureProblems(raw: unknown): { data?: ExpectationsFile; problems: LintProblem[] } {
  const parsed = ExpectationsFileSchema.safeParse(raw);
  if (parsed.success) return { data: parsed.data, problems: [] };
  return {
    problems: parsed.error.issues.map((issue) => {
      const [first, index] = issue.path;
      const entry = first === "entries" && typeof index === "number" ? index : undefined;
      const where = issue.path.slice(entry === undefined ? 0 : 2).join(".");
      return { check: "schema", ...(entry !== undefined ? { entry } : {}), message: `${where ? `${where}: ` : ""}${issue.message}` };
    }),
  };
}

export async function readJson(file: string): Promise<unknown> {
  return readJsonFile(file, "expectations", (message) => new ExpectationsError(message));
}

export function indexEntries(data: ExpectationsFile): IndexedEntry[] {
  return data.entries.map((entry, index) => ({ index, entry }));
}

/** Parse and validate; throws ExpectationsError naming every problem. */
export function parseExpectations(raw: unknown, file: string): LoadedExpectations {
  const structure = structureProblems(raw);
  const problems = structure.data ? runChecks(VALIDITY_CHECKS, indexEntries(structure.data), lintContext()) : structure.problems;
  if (problems.length > 0 || !structure.data) {
    throw new ExpectationsError(`invalid expectations file ${file}:\n  ${problems.map(renderProblem).join("\n  ")}`);
  }
  return { file, data: structure.data, entries: indexEntries(structure.data) };
}

export async function loadExpectations(file: string): Promise<LoadedExpectations> {
  return parseExpectations(await readJson(file), file);
}

/** The file a run uses: the one named, or the default when it exists, or none. */
export function expectationsFileFor(named: string | undefined, cwd = process.cwd()): string | undefined {
  if (named !== undefined) return resolve(cwd, named);
  return existsSync(DEFAULT_EXPECTATIONS_FILE) ? DEFAULT_EXPECTATIONS_FILE : undefined;
}
