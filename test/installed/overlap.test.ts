// Runs may overlap on one browser: two installed runs on the same fake app, B started once A has
// judged its first clauses,
// (the launcher behind the fake ego-browser, as a user's Ego Lite) both pass, each one's
// invariance clause leaves out the spaces the other one made (recorded in the run ledger), and
// both clean up after themselves; the user's Space is untouched. So that the overlap does not
// depend on which test happens to hold a space at the moment of a snapshot, each run also gets a
// long-lived space of its own (recorded in the ledger under its run id, as a test of that run
// records it) that stays until its run's cleanup: without leaving out the other run's spaces,
// run B would see A's space removed and run A would see B's space added.
// Both runs skip the slow clause (--no-slow, as the other installed run tests do): on an installed
// target it waits 150 s of real time, which made this test take three minutes for nothing it
// checks; A still lasts well beyond B's start, and the test asserts that overlap.
// The app runs on the page model: what overlaps is spaces and the ledger, not pages (two whole
// real-pages runs cost about 60 CPU-seconds of Chromium for nothing this test checks); the
// whole catalogue still runs, so each run creates and closes its spaces while the other one is
// under way. B's space is planted before A ends (asserted), so A's invariance clause must leave
// out a space that appeared during A.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { existsSync } from "node:fs";
import { agentSpace, cliEnv, egoConformance, environmentOf, harnessSpaces, worldLedger, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

/** The run id of a run under way, once its results directory has its environment. */
async function runIdOf(results: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!existsSync(join(results, "environment.properties"))) {
    if (Date.now() > deadline) throw new Error(`no environment in ${results} within 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return (await environmentOf(results))["run id"]!;
}

/** How many clause results run `results` has written, once it has written any (bounded). */
async function firstResultsOf(results: string): Promise<number> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const written = (await readResults(results).catch(() => [])).length;
    if (written > 0) return written;
    if (Date.now() > deadline) throw new Error(`no clause results in ${results} within 120 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("two installed runs that overlap", () => {
  it("both pass and both clean up", { timeout: 300_000 }, async () => {
    const w = await world({ app: { pages: "model" } });
    const user = await w.operator.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }] });
    const before = (await w.operator.snapshotState()).spaces.find((s) => s.id === user.id);
    const env = cliEnv(w);
    const out = await tempDir("inst-overlap");
    const args = (name: string) => ["run", "--target", "installed", "--no-slow", "--ego-browser", w.installed.cliPath, "--operator", w.operatorSocket, "--json", "--no-report", "--results", join(out, name), "--outcomes", join(out, `${name}.json`)];
    const aStart = Date.now();
    const a = egoConformance(args("a"), { env, timeoutMs: 280_000 });
    let aEnded = 0;
    void a.then(() => (aEnded = Date.now()));
    const plant = async (runId: string) => {
      const name = `ego-conformance ${runId} planted.long-lived space-1`;
      worldLedger(w.home).recorder(runId).name(name);
      await agentSpace(w.installed.cliPath, name);
    };
    await plant(await runIdOf(join(out, "a")));
    // B starts mid-run A: once A has written its first clause results (a condition, bounded), not at a fixed time
    const aJudged = await firstResultsOf(join(out, "a"));
    expect(aJudged, "run A had judged clauses before run B started").toBeGreaterThan(0);
    expect(aEnded, "run A was over before run B started: nothing overlapped").toBe(0);
    const bStart = Date.now();
    const b = egoConformance(args("b"), { env, timeoutMs: 280_000 });
    let bEnded = 0;
    void b.then(() => (bEnded = Date.now()));
    await plant(await runIdOf(join(out, "b")));
    const bPlanted = Date.now();
    const [ra, rb] = await Promise.all([a, b]);
    expect(aEnded).toBeLessThan(bEnded); // A ended while B's space was there
    expect(bStart).toBeGreaterThan(aStart);
    expect(aEnded).toBeGreaterThan(bStart);
    expect(aEnded, "run A was still under way when B's long-lived space was planted").toBeGreaterThan(bPlanted);
    for (const [run, name] of [[ra, "a"], [rb, "b"]] as const) {
      expect(run.exitCode, `run ${name}: ${run.stderr}`).toBe(0);
      const summary = JSON.parse(run.stdout) as JsonSummary;
      expect(summary.passed, name).toBe(true);
      const invariance = (await readResults(join(out, name))).find((r) => labelValue(r, "clause") === "safety.user-spaces.unchanged")!;
      expect(invariance.status, `${name}: ${invariance.message ?? ""}`).toBe("passed");
    }
    expect(await harnessSpaces(w.operator)).toEqual([]);
    expect((await w.operator.snapshotState()).spaces.find((s) => s.id === user.id)).toEqual(before);
  });
});
