/**
 * Why a run's clauses ended broken, from its results: `<clause>: <message>` for each broken
 * result. A self-test that expects none passes this as its assertion's message, so a broken
 * clause seen once (at load, in CI) says its cause in the failure instead of only its id.
 */
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";

export async function whyBroken(resultsDir: string): Promise<string> {
  const results = await readResults(resultsDir).catch((error: unknown) => error as Error);
  if (results instanceof Error) return `the results directory could not be read: ${results.message}`;
  const broken = results.filter((r) => r.status === "broken").map((r) => `${labelValue(r, LABEL.clause)}: ${(r.message ?? "(no message)").split("\n").slice(0, 6).join(" | ")}`);
  return broken.length === 0 ? "no broken result in the results directory" : broken.sort().join("\n");
}
