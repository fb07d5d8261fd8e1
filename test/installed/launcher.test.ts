// launcher.environment.not-forwarded against the fake's installed launcher: the harness starts
// every ego-browser with a marker variable; the launcher replaces the caller's environment
// before the script runs, so the clause passes. With the app's environment-forwarded fault the
// launcher hands the environment on, and exactly that clause fails (the whole catalogue runs,
// --no-slow: the idle clause waits 150 s of real time on an installed target).
import { describe, expect, it } from "vitest";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, tempRoot, worldsClosedAfterAll } from "./support.js";

const world = worldsClosedAfterAll();
const statusOf = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

describe("the launcher's environment, on an installed target", () => {
  it("the fake's launcher does not forward the caller's environment: the clause passes", { timeout: 60_000 }, async () => {
    const w = await world();
    const run = await egoConformance(["run", "--target", "installed", "--area", "launcher", "--json", "--no-report", "--results", await tempRoot("launcher-ok")], {
      env: cliEnv(w, { PATH: w.pathWithLauncher }),
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.find((c) => c.id === "launcher.environment.not-forwarded")?.status).toBe("passed");
  });

  it("the environment-forwarded fault is caught by exactly launcher.environment.not-forwarded", { timeout: 180_000 }, async () => {
    const w = await world({ app: { faults: ["environment-forwarded"] } });
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--operator", w.operatorSocket, "--json", "--no-report", "--no-expectations", "--results", await tempRoot("launcher-fault")], {
      env: cliEnv(w, { PATH: w.pathWithLauncher }),
      timeoutMs: 170_000,
    });
    expect(run.exitCode, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(statusOf(summary, "failed")).toEqual(["launcher.environment.not-forwarded"]);
    expect(statusOf(summary, "broken")).toEqual([]);
    expect(statusOf(summary, "unknown")).toEqual([]);
    expect(summary.clauses.find((c) => c.id === "task-spaces.create.idle-stays-listed")?.status, "--no-slow skips the slow clause").toBe("not-applicable");
  });
});
