// launcher.exit.pending-cdp against the fake's installed launcher, with real pages (a
// never-settling Runtime.evaluate needs a page): the launcher area runs through --target installed.
// Without a mutant the clause holds; with the app's pending-cdp-holds-script mutant (the socket port
// holds the process while any CDP request is pending, as the fake's launcher once did) the
// invocation outlives its script, and exactly that clause fails. The in-process fake has no
// launcher, so the mutant check (test/mutants) cannot reach it: this is its mutant check.
import { describe, expect, it } from "vitest";
import { PENDING_CDP_CLAUSE } from "../../src/contract/clauses/launcher.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { closeBrowsersAfterAll, NO_CHROMIUM } from "../chromium/support.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();
const statusOf = (summary: JsonSummary, status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();

async function launcherArea(mutants: string[]): Promise<{ exitCode: number | undefined; summary: JsonSummary; stderr: string }> {
  const w = await world({ app: { pages: "chromium", mutants } });
  const run = await egoConformance(["run", "--target", "installed", "--area", "launcher", "--json", "--no-report", "--no-expectations", "--results", await tempDir(`pending-cdp-${mutants.join("-") || "ok"}`)], {
    env: cliEnv(w, { PATH: w.pathWithLauncher }),
    timeoutMs: 150_000,
  });
  return { exitCode: run.exitCode, summary: JSON.parse(run.stdout) as JsonSummary, stderr: run.stderr };
}

describe.skipIf(NO_CHROMIUM)("an invocation with a raw CDP request unanswered, on an installed target", () => {
  closeBrowsersAfterAll();

  it("the fake's launcher ends the invocation when its script ends: the clause holds", { timeout: 180_000 }, async () => {
    const { exitCode, summary, stderr } = await launcherArea([]);
    expect(exitCode, stderr).toBe(0);
    const clause = summary.clauses.find((c) => c.id === PENDING_CDP_CLAUSE);
    expect(clause?.status, "core judged and held, open detail as the fake does").toBe("unspecified");
    expect(statusOf(summary, "failed")).toEqual([]);
    expect(statusOf(summary, "broken")).toEqual([]);
  });

  it("the pending-cdp-holds-script mutant is caught by exactly launcher.exit.pending-cdp", { timeout: 180_000 }, async () => {
    const { exitCode, summary, stderr } = await launcherArea(["pending-cdp-holds-script"]);
    expect(exitCode, stderr).toBe(1);
    expect(statusOf(summary, "failed")).toEqual([PENDING_CDP_CLAUSE]);
    expect(statusOf(summary, "broken")).toEqual([]);
    expect(statusOf(summary, "unknown")).toEqual([]);
    expect(statusOf(summary, "precondition-failed")).toEqual([]);
  });
});
