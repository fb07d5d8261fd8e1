/**
 * Phase 3, collect: a run's results directory read once into a typed collection, so every later
 * reader (judge, summary, report, matrix column) works in memory instead of reading it again.
 */
import { readEnvironment } from "../report/environment.js";
import { readResultFiles, type ResultFile, type TestResult } from "../report/results-reader.js";

export interface ResultsCollection {
  dir: string;
  /** the result files, in file-name order; the judge phase replaces what it changes */
  files: ResultFile[];
  /** environment.properties, as key -> value (empty when there is none) */
  environment: Map<string, string>;
}

export async function collectResults(dir: string): Promise<ResultsCollection> {
  const files = await readResultFiles(dir);
  return { dir, files, environment: await readEnvironment(dir) };
}

/** The typed results of a collection, as they stand. */
export function resultsOf(collection: ResultsCollection): TestResult[] {
  return collection.files.map((f) => f.result);
}
