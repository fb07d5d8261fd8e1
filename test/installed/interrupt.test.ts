// Ending a run early, for real: Ctrl-C in the middle of an installed run stops the suites, closes
// every space of the run and leaves the user's Space as it was; a launcher that hangs ends the run
// as broken within the probe timeout instead of a stuck run.
import { describe, expect, it } from "vitest";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import { CATALOGUE } from "../../src/contract/index.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { agentSpace, cliEnv, progressPast, egoConformance, environmentOf, harnessSpaces, worldLedger, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

describe("Ctrl-C in the middle of an installed run", () => {
  it("stops the suites, closes the run's spaces, leaves the user's Space, exits 130", { timeout: 90_000 }, async () => {
    const w = await world();
    const user = await w.operator.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }] });
    const before = (await w.operator.snapshotState()).spaces;
    const results = await tempDir("inst-sigint");
    const run = egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--operator", w.operatorSocket, "--no-report", "--results", results], { env: cliEnv(w) });
    // wait until the suites are well under way, then Ctrl-C
    await progressPast(run, 20, 60_000);
    // a space of this run that no test will close (as if its test was stopped mid-way after
    // recording its name): completed, so user-owned, and the run's cleanup must claim it first
    const runId = (await environmentOf(results))["run id"]!;
    worldLedger(w.home).recorder(runId).name(`ego-conformance ${runId} planted.by-the-test left-1`);
    await agentSpace(w.installed.cliPath, `ego-conformance ${runId} planted.by-the-test left-1`, { complete: true });
    // and a user's Space named like the run's: never the run's, whatever its name
    const impostor = await w.operator.createUserSpace(`ego-conformance ${runId} planted.by-the-user`);
    process.kill(run.pid!, "SIGINT");
    const ended = await run;
    expect(ended.exitCode, ended.stderr).toBe(130);
    expect(ended.stderr).toMatch(/SIGINT: stopping the suites, then closing this run's task spaces/);
    expect(ended.stderr).toMatch(/the run was interrupted \(SIGINT\)/);
    // the run-level cleanup closed what the tests did not (at least the planted space)
    expect(ended.stderr).toMatch(/closed [1-9]\d* task space\(s\) this run left behind/);

    expect(ended.stderr).toMatch(/planted\.by-the-user" \(id \d+, createdBy "user"\): not created by the agent; left alone/);

    // nothing of the run is left, the user's Spaces are exactly as they were, no launcher still connected
    expect(await harnessSpaces(w.operator)).toEqual([`ego-conformance ${runId} planted.by-the-user`]);
    expect((await w.operator.snapshotState()).spaces.filter((s) => s.id !== impostor.id)).toEqual(before.filter((s) => s.id === user.id));
    const deadline = Date.now() + 10_000;
    while ((await w.operator.describe()).bridgeConnections > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await w.operator.describe()).bridgeConnections).toBe(0);

    const all = await readResults(results);
    expect(all.find((r) => labelValue(r, "clause") === "safety.user-spaces.unchanged")?.status).toBe("passed");
    expect(all.length).toBeLessThan(CATALOGUE.length); // it really stopped early
  });
});

describe("a launcher that hangs", () => {
  it("ends the run as broken within the probe timeout", { timeout: 60_000 }, async () => {
    const w = await world({ install: { hang: true } });
    const started = Date.now();
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--probe-timeout", "1500", "--area", "task-spaces", "--json", "--no-report", "--results", await tempDir("inst-hang")], { env: cliEnv(w), timeoutMs: 45_000 });
    const elapsed = Date.now() - started;
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    const selected = CATALOGUE.filter((c) => c.area === "task-spaces" || c.id === "safety.user-spaces.unchanged").length;
    expect(summary.totals).toMatchObject({ broken: selected, passed: 0, unknown: 0 });
    expect(summary).toMatchObject({ egoVersion: null, versionSource: "unknown" }); // judged as the newest documented build, and said so
    expect(elapsed).toBeLessThan(20_000);
  });
});
