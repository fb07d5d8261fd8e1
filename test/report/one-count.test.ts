// One count on every surface, for one run: the terminal's total row, the --json totals, the
// outcomes file, Allure's categories (as Allure 3 matches them), compat.json's cells and the gate
// count the same clauses under the same outcomes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { readResults } from "../../src/report/results-reader.js";
import { summarize } from "../../src/report/summary.js";
import { renderJson, renderTerminal } from "../../src/report/terminal.js";
import { ALLURE_CATEGORIES, emptyOutcomeCounts, OUTCOMES, RAN, worstOutcome, type Outcome, type ResultOutcome } from "../../src/outcomes/index.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { pathToFileURL } from "node:url";
import { REPO_ALLURE_CONFIG } from "../../src/report/allure-report.js";

const AREAS = ["tabs", "snapshot", "task-spaces"];
const KEY = "persona-current";

type Counts = Record<Outcome, number>;
const countOf = (statuses: Iterable<Outcome>): Counts => {
  const counts = emptyOutcomeCounts();
  for (const s of statuses) counts[s] += 1;
  return counts;
};

/** The clause outcomes Allure shows: each result's category (Allure 3's own matcher), the worst per clause. */
async function allureCounts(resultsDir: string): Promise<Counts> {
  const { matchCategory, normalizeCategoriesConfig } = (await import("@allurereport/core-api")) as unknown as {
    normalizeCategoriesConfig(cfg: unknown): { id?: string; name: string }[];
    matchCategory(categories: unknown[], d: { status: string; labels: { name: string; value: string }[]; flaky: boolean; message?: string }): { id?: string; name: string } | undefined;
  };
  const config = ((await import(pathToFileURL(REPO_ALLURE_CONFIG).href)) as { default: { categories: unknown } }).default;
  const categories = normalizeCategoriesConfig(config.categories);
  const byName = new Map(ALLURE_CATEGORIES.map((c) => [c.rule.name, c.outcome]));
  const perClause = new Map<string, Outcome[]>();
  for (const r of await readResults(resultsDir)) {
    const clause = r.labels.find((l) => l.name === "clause")!.value;
    const category = matchCategory(categories, { status: r.status, labels: r.labels, flaky: r.flaky ?? false, message: r.message ?? "" });
    const outcome: Outcome = category !== undefined ? byName.get(category.name)! : r.status === "passed" ? "passed" : "unknown";
    perClause.set(clause, [...(perClause.get(clause) ?? []), outcome]);
  }
  return countOf(
    [...perClause.values()].map((outcomes) => {
      const worst = worstOutcome(outcomes.map((o) => (o === "unspecified" ? "passed" : o)) as ResultOutcome[]);
      return worst === "passed" && outcomes.includes("unspecified") ? "unspecified" : worst;
    }),
  );
}

describe("one count on every surface", () => {
  it("the terminal, the JSON, the outcomes file, Allure, compat and the gate agree for one run", { timeout: 300_000 }, async () => {
    const out = await tempDir("one-count");
    const matrix = await runCli(["matrix", "--personas", "current", "--pages", "model", ...AREAS.flatMap((a) => ["--area", a]), "--no-allure", "--out", out, "--json"], { timeoutMs: 280_000 });
    expect(matrix.exitCode, matrix.stderr).toBe(0);
    const resultsDir = join(out, "matrix", KEY, "allure-results");
    const selected = CATALOGUE.filter((c) => AREAS.includes(c.area));

    const summary = summarize(await readResults(resultsDir), CATALOGUE, { selected: (c) => AREAS.includes(c.area) });
    const json = renderJson(summary);
    expect(json.clauses).toHaveLength(selected.length);
    expect(countOf(json.clauses.map((c) => c.status))).toEqual(json.totals);

    // the terminal's total row, read back column by column
    const text = renderTerminal(summary);
    const lines = text.split("\n");
    const header = lines.find((l) => l.startsWith("area "))!.trim().split(/\s+/).slice(1);
    const total = lines.find((l) => l.startsWith("total "))!.trim().split(/\s+/).slice(1).map(Number);
    for (const [i, column] of header.entries()) expect(total[i], column).toBe(json.totals[column as Outcome]);
    for (const o of OUTCOMES) if (!header.includes(o)) expect(json.totals[o], o).toBe(0);
    expect(text).toContain(`PASSED: ${json.totals.passed} passed, ${json.totals.unspecified} unspecified (observed), ${json.totals["not-applicable"]} not applicable`);

    // the outcomes file the matrix wrote for the target, which the gate reads
    const outcomesFile = join(out, "compat-outcomes", `${KEY}.json`);
    const outcomes = JSON.parse(await readFile(outcomesFile, "utf8")) as { clauses: Record<string, { status: Outcome }> };
    expect(countOf(Object.values(outcomes.clauses).map((c) => c.status))).toEqual(json.totals);

    // compat.json: one cell per clause for the target
    const compat = JSON.parse(await readFile(join(out, "compat.json"), "utf8")) as { clauses: { id: string; cells: Record<string, { status: Outcome }> }[] };
    expect(countOf(compat.clauses.map((c) => c.cells[KEY]!.status))).toEqual(json.totals);

    // Allure: its categories, clause by clause (an unspecified clause is no plain pass there either)
    expect(await allureCounts(resultsDir)).toEqual({ ...json.totals, unknown: 0 });

    // the gate: against a baseline of the same run, every clause unchanged, and the clauses that ran
    const baselines = await tempDir("one-count-baselines");
    expect((await runCli(["baseline", "save", "--outcomes", outcomesFile, "--dir", baselines])).exitCode).toBe(0);
    const gate = await runCli(["gate", "--baseline", join(baselines, "0.5.1.13-current.json"), "--outcomes", outcomesFile, "--json"]);
    expect(gate.exitCode, gate.stdout + gate.stderr).toBe(0);
    const decision = JSON.parse(gate.stdout) as { ran: number; counts: Record<string, number> };
    expect(Object.values(decision.counts).reduce((a, b) => a + b, 0)).toBe(selected.length);
    expect(decision.ran).toBe(OUTCOMES.filter((o) => RAN.has(o)).reduce((n, o) => n + json.totals[o], 0));
  });
});
