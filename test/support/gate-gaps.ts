/**
 * The gate gaps a run's results record (src/harness/feature-reads.ts): `<clause>: <gap>` for every
 * result whose assertions read what its clause's gate does not cover. A self-test that runs
 * clauses expects none; the run's own verdict never reads them.
 */
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";

export async function gateGaps(resultsDir: string): Promise<string[]> {
  const results = await readResults(resultsDir);
  return results
    .map((r) => [labelValue(r, LABEL.clause), labelValue(r, LABEL.gateGap)] as const)
    .filter(([, gap]) => gap !== undefined)
    .map(([clause, gap]) => `${clause}: ${gap}`)
    .sort();
}
