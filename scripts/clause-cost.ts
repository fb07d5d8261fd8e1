/**
 * What single clauses cost inside a conformance run: read from that run's Allure results (each
 * result's stop - start, the test body with its fixtures), so a clause is measured in the same run
 * as all the others, under the same load, with nothing started for it alone.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

export interface ClauseCost {
  id: string;
  /** the clause's duration in the run, ms (the sum when a clause has several results, e.g. variants) */
  ms: number;
  status: string;
}

interface ResultFile {
  status?: string;
  start?: number;
  stop?: number;
  labels?: { name: string; value: string }[];
}

/** Every clause's cost in the run whose results are in `resultsDir`. */
export async function clauseCosts(resultsDir: string): Promise<Map<string, ClauseCost>> {
  const costs = new Map<string, ClauseCost>();
  for (const file of (await readdir(resultsDir)).filter((f) => f.endsWith("-result.json"))) {
    const r = JSON.parse(await readFile(join(resultsDir, file), "utf8")) as ResultFile;
    const id = r.labels?.find((l) => l.name === "clause")?.value;
    if (id === undefined || r.start === undefined || r.stop === undefined) continue;
    const seen = costs.get(id);
    costs.set(id, { id, ms: (seen?.ms ?? 0) + (r.stop - r.start), status: seen && seen.status !== r.status ? "mixed" : (r.status ?? "unknown") });
  }
  return costs;
}

/** The median cost of the clauses that ran (skipped ones left out). */
export function medianCost(costs: Map<string, ClauseCost>): number {
  const ran = [...costs.values()].filter((c) => c.status !== "skipped").map((c) => c.ms).sort((a, b) => a - b);
  return ran.length === 0 ? 0 : ran[Math.floor(ran.length / 2)]!;
}
