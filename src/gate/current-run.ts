/**
 * The run a gate or a baseline reads: an outcomes file (what `run` writes), or an Allure results
 * directory summarised now (every catalogue clause; expectation labels already in the files count).
 */
import { CATALOGUE } from "../contract/catalogue.js";
import { ENVIRONMENT_FILE } from "../report/environment.js";
import { readResults } from "../report/results-reader.js";
import { summarize } from "../report/summary.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { outcomesFromSummary, readOutcomes, type RunOutcomes } from "./outcomes-file.js";
import { namedError } from "../errors/named-error.js";

async function runIdOf(resultsDir: string): Promise<string | null> {
  const text = await readFile(join(resultsDir, ENVIRONMENT_FILE), "utf8").catch(() => "");
  const line = text.split(/\r?\n/).find((l) => /^run\\? id\s*=/.test(l));
  return line ? line.replace(/^run\\? id\s*=\s*/, "").trim() : null;
}

/** A results directory with no result in it: no run to judge (the gate cannot decide, exit 2). */
export class NoResultsError extends namedError("NoResultsError", "bad-input") {}

export async function outcomesOfResults(resultsDir: string): Promise<RunOutcomes> {
  const results = await readResults(resultsDir);
  if (results.length === 0) throw new NoResultsError(`${resultsDir} holds no Allure result (*-result.json): there is no run to judge`);
  const summary = summarize(results, CATALOGUE);
  return outcomesFromSummary(summary, { runId: await runIdOf(resultsDir), catalogueClauses: CATALOGUE.length });
}

export async function readRun(source: { results?: string; outcomes?: string }): Promise<RunOutcomes> {
  if (source.results !== undefined) return outcomesOfResults(source.results);
  return readOutcomes(source.outcomes!);
}
