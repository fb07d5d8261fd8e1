/**
 * Phase 3, collect: read a run's results directory once into a typed collection: every
 * `*-result.json` (typed, and as raw JSON the judge phase rewrites in memory, with the texts of its
 * diagnostics and observation attachments) and the run's `environment.properties`. Every later
 * reader (judge, the summary, the HTML report, the matrix column) works on the collection; only
 * the transcript (`--record`) still reads its native-call attachments from the directory.
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
