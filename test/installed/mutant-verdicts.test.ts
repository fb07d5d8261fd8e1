// Deviations in rules the harness's own setup and cleanup lean on, judged through
// `--target installed` on the installed fake: each mutant fails exactly the clauses
// that own its rule (the mutant table, test/mutants/table.ts, as in process), ends precondition
// failed exactly where a clause stood on that rule, and breaks nothing; the progress line counts
// what the JSON counts. Before the fix these ended with 26 (string-ids), 7 (claim-new-id) and
// 25 (take-over-leaves-block) broken results: the harness's own steps threw harness errors, or a
// cleanup's precondition error was recorded unlabelled.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { preconditionOwnerOf } from "../../src/outcomes/of-error.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { MUTANTS } from "../mutants/table.js";
import { tempDir } from "../support/temp-dir.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "./support.js";

const world = worldsClosedAfterAll();
const having = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

/**
 * The counts of the progress lines' last lines (`conformance [N/M clauses] passed P, failed F, ... done`),
 * summed: an installed run has a line of its own for the safety phase, and the run one more for the
 * clause it judges itself (safety.user-spaces.unchanged).
 */
export function progressCounts(stderr: string): Record<string, number> {
  const lines = stderr.split("\n").filter((l) => /^conformance .*\bdone$/.test(l.trim()));
  expect(lines.length, `a final progress line in:\n${stderr.slice(-2000)}`).toBeGreaterThan(0);
  const counts: Record<string, number> = {};
  for (const line of lines) {
    for (const m of line.trim().replace(/\s*done$/, "").replace(/^.*clauses\]\s*/, "").split(", ")) {
      const at = m.lastIndexOf(" ");
      const outcome = m.slice(0, at).replace(" ", "-");
      counts[outcome] = (counts[outcome] ?? 0) + Number(m.slice(at + 1));
    }
  }
  return counts;
}

describe.each(["string-ids", "claim-new-id", "take-over-leaves-block"])("mutant %s through --target installed", (mutant) => {
  it("fails its owners, ends precondition failed where a clause stood on its rule, breaks nothing; the progress line agrees", { timeout: 300_000 }, async () => {
    const expected = MUTANTS[mutant]!;
    // the page model: these rules do not depend on pages (the in-process mutant check judges them so too)
    const w = await world({ app: { mutants: [mutant], pages: "model" } });
    const outcomesFile = join(await tempDir(`inst-${mutant}-outcomes`), "outcomes.json");
    // one clause file at a time: alone, 48 s and 74 CPU-s against 52 s and 88 with the default three
    // (the verdicts do not depend on it; test/installed/run.test.ts runs the default). One test at a
    // time: the support's after-each check sees any process a run left, and another run's are live.
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--workers", "1", "--operator", w.operatorSocket, "--json", "--no-report", "--no-expectations", "--results", await tempDir(`inst-${mutant}`), "--outcomes", outcomesFile], {
      env: cliEnv(w, { PATH: w.pathWithLauncher }),
      timeoutMs: 280_000,
    });
    const summary = JSON.parse(run.stdout) as JsonSummary & { problems?: unknown[] };
    const seen = { failed: having(summary, "failed"), preconditionFailed: having(summary, "precondition-failed"), broken: having(summary, "broken"), unknown: having(summary, "unknown") };
    expect(seen, run.stderr.slice(-3000)).toEqual({ failed: [...expected.failed].sort(), preconditionFailed: [...(expected.preconditionFailed ?? [])].sort(), broken: [], unknown: [] });
    expect(run.exitCode, run.stderr).toBe(1);
    // every precondition failure names a clause that failed in this run
    const written = JSON.parse(await readFile(outcomesFile, "utf8")) as { clauses: Record<string, { status: string; message?: string }> };
    const owners = Object.entries(written.clauses).filter(([, c]) => c.status === "precondition-failed").map(([id, c]) => [id, preconditionOwnerOf(c.message)] as const);
    for (const [id, owner] of owners) expect(expected.failed, `${id} names ${owner}`).toContain(owner);
    // every surface counts the same: the progress line's last line against the JSON totals
    const progress = progressCounts(run.stderr);
    // the invariance clause, judged by the CLI after vitest, has a progress line of its own too
    const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    expect(nonZero(progress), run.stderr.split("\n").filter((l) => l.startsWith("conformance ")).join("\n")).toEqual(nonZero(summary.totals));
  });
});
