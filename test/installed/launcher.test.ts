// launcher.environment.not-forwarded against the fake's installed launcher: the harness starts
// every ego-browser with a marker variable; the launcher replaces the caller's environment
// before the script runs, so the clause passes. With the app's environment-forwarded mutant the
// launcher hands the environment on, and exactly that clause fails (the whole catalogue runs,
// --no-slow: the idle clause waits 150 s of real time on an installed target).
// The environment-forwarded run is on the page model, as the mutant check runs every mutant that
// does not need pages (test/mutants/table.ts): the mutant changes only the environment the script
// starts with (fake-bridge/server/script-processes.ts), never what a page does. The
// sdk-path-hook-differs run stays on real pages: with it the harness falls back to the SDK's
// wrappers, and the page clauses are among what must still hold through them.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { preconditionOwnerOf } from "../../src/outcomes/of-error.js";
import { describe, expect, it } from "vitest";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();
const statusOf = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

/** The whole catalogue (--no-slow) on an installed fake whose app has `mutant` (real pages wherever a browser is found, unless `pages`): it must exit 1. */
async function wholeRunWithMutant(mutant: string, pages?: "model"): Promise<{ summary: JsonSummary; outcomes: string }> {
  const w = await world({ app: { mutants: [mutant], ...(pages ? { pages } : {}) } });
  const outcomes = join(await tempDir(`${mutant}-outcomes`), "outcomes.json");
  // one clause file at a time: the file alone, 50 s and 68 CPU-s against 50 s and 76 with the default three (installed/run runs the default)
  const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--workers", "1", "--operator", w.operatorSocket, "--json", "--no-report", "--no-expectations", "--results", await tempDir(mutant), "--outcomes", outcomes], {
    env: cliEnv(w, { PATH: w.pathWithLauncher }),
    timeoutMs: 170_000,
  });
  expect(run.exitCode, run.stderr).toBe(1);
  return { summary: JSON.parse(run.stdout) as JsonSummary, outcomes };
}

describe("the launcher, on an installed target", () => {
  it("the fake's launcher does not forward the caller's environment: the clause passes", { timeout: 60_000 }, async () => {
    const w = await world();
    const run = await egoConformance(["run", "--target", "installed", "--area", "launcher", "--json", "--no-report", "--results", await tempDir("launcher-ok")], {
      env: cliEnv(w, { PATH: w.pathWithLauncher }),
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.find((c) => c.id === "launcher.environment.not-forwarded")?.status).toBe("passed");
    expect(summary.clauses.find((c) => c.id === "launcher.sdk-path.loads-module")?.status, "the launcher loads the --sdk-path module").toBe("passed");
  });

  it("the environment-forwarded mutant is caught by exactly launcher.environment.not-forwarded", { timeout: 180_000 }, async () => {
    const { summary } = await wholeRunWithMutant("environment-forwarded", "model");
    expect(statusOf(summary, "failed")).toEqual(["launcher.environment.not-forwarded"]);
    expect(statusOf(summary, "broken")).toEqual([]);
    expect(statusOf(summary, "unknown")).toEqual([]);
    expect(summary.clauses.find((c) => c.id === "task-spaces.create.idle-stays-listed")?.status, "--no-slow skips the slow clause").toBe("not-applicable");
  });

  it("a launcher whose --sdk-path hook differs fails exactly launcher.sdk-path.loads-module; what fails through the SDK's wrappers names it", { timeout: 180_000 }, async () => {
    const { summary, outcomes } = await wholeRunWithMutant("sdk-path-hook-differs");
    expect(statusOf(summary, "failed")).toEqual(["launcher.sdk-path.loads-module"]);
    expect(statusOf(summary, "broken")).toEqual([]);
    expect(statusOf(summary, "unknown")).toEqual([]);
    expect(statusOf(summary, "passed").length, "clauses that hold through the SDK's wrappers still pass").toBeGreaterThan(50);
    // every precondition failure names the launcher clause
    const written = JSON.parse(await readFile(outcomes, "utf8")) as { clauses: Record<string, { status: string; message?: string }> };
    const owners = Object.values(written.clauses).filter((c) => c.status === "precondition-failed").map((c) => preconditionOwnerOf(c.message));
    expect(new Set(owners)).toEqual(new Set(owners.length ? ["launcher.sdk-path.loads-module"] : []));
  });
});
