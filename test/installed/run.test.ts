// `ego-conformance run --target installed` against the fake installed as a real Ego Lite would
// be: its launcher found on a temporary PATH, the app behind it a separate server, the operator
// endpoint given. The same clauses run as in the in-process run and pass; a user's Space that
// existed before the run is exactly as it was after it; the report's environment names the
// target, the CLI path and the detected version with its source.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { cliEnv, egoConformance, environmentOf, harnessSpaces, installedWorld, type InstalledWorld } from "./support.js";
import { tempDir } from "../support/temp-dir.js";
import { reportFile } from "../support/report-data.js";

let world: InstalledWorld;
beforeAll(async () => {
  // the launcher has the real one's exit quirk: a failing script still exits 0, with a message
  world = await installedWorld({ install: { exitQuirk: true } });
});
afterAll(async () => world?.close());

describe("run --target installed (the fake's launcher on PATH)", () => {
  it("runs every catalogue clause, they pass, and the user's Space is untouched", { timeout: 150_000 }, async () => {
    const user = await world.operator.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }, { url: "https://recipes.example/", title: "Recipes" }] });
    const before = (await world.operator.snapshotState()).spaces.find((s) => s.id === user.id);
    const out = await tempDir("inst-run");
    const results = join(out, "results");
    // --no-slow: on an installed target the idle clause waits 150 s of real time (test/installed/launcher.test.ts runs the rest so too)
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--operator", world.operatorSocket, "--json", "--results", results, "--report", join(out, "report")], {
      env: cliEnv(world, { PATH: world.pathWithLauncher }),
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary).toMatchObject({ target: "installed", egoVersion: "0.5.1.13", passed: true });
    // the same clauses as the in-process run (test/cli/run.test.ts), and here the safety clause runs too
    expect(summary.clauses.map((c) => c.id).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
    const unspecified = new Set(CATALOGUE.filter((c) => c.unspecified).map((c) => c.id));
    const slow = new Set(CATALOGUE.filter((c) => c.tags.includes("slow")).map((c) => c.id));
    // not applicable: the slow clause (--no-slow) and the clauses of a feature the newest build lacks
    const lacking = new Set(CATALOGUE.filter((c) => c.features.some((f) => !NEWEST_BUILD.features.has(f))).map((c) => c.id));
    for (const c of summary.clauses) expect(c.status, c.id).toBe(slow.has(c.id) || lacking.has(c.id) ? "not-applicable" : unspecified.has(c.id) ? "unspecified" : "passed");

    // the user's Space, as the app holds it (not as the harness saw it): unchanged, and no run space left
    const after = (await world.operator.snapshotState()).spaces.find((s) => s.id === user.id);
    expect(after).toEqual(before);
    expect(await harnessSpaces(world.operator)).toEqual([]);

    const invariance = (await readResults(results)).find((r) => labelValue(r, "clause") === "safety.user-spaces.unchanged")!;
    expect(invariance.status).toBe("passed");
    expect(labelValue(invariance, "target")).toBe("installed");

    const cli = world.installed.cliPath;
    expect(await environmentOf(results)).toMatchObject({ target: "installed", "target name": cli, "Ego Lite version": "0.5.1.13", "version source": "getBrowserVersion", "CLI path": cli, "CLI found by": "PATH" });
    const shown = JSON.parse(await reportFile(join(summary.report!, ".."), "widgets/allure_environment.json")) as { name: string; values: string[] }[];
    const value = (name: string) => shown.find((e) => e.name === name)?.values;
    expect([value("target"), value("CLI path"), value("Ego Lite version"), value("version source")]).toEqual([["installed"], [cli], ["0.5.1.13"], ["getBrowserVersion"]]);
  });

  it("without an operator, skips exactly the clauses that need one (not_applicable needs:operator)", { timeout: 60_000 }, async () => {
    const out = await tempDir("inst-noop");
    // (no --grep here: with vitest's testNamePattern, allure-vitest can drop a result's labels)
    const run = await egoConformance(["run", "--target", "installed", "--area", "user-control", "--json", "--no-report", "--results", out], { env: cliEnv(world, { PATH: world.pathWithLauncher }) });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    const needing = CATALOGUE.filter((c) => c.area === "user-control" && c.needs.includes("operator")).map((c) => c.id);
    expect(needing.length).toBeGreaterThan(0);
    // and, as on every run of the newest build, the clauses of a feature it does not have
    const lacking = CATALOGUE.filter((c) => c.area === "user-control" && !c.needs.includes("operator") && c.features.some((f) => !NEWEST_BUILD.features.has(f))).map((c) => c.id);
    expect(summary.clauses.filter((c) => c.status === "not-applicable").map((c) => c.id).sort()).toEqual([...needing, ...lacking].sort());
    for (const r of (await readResults(out)).filter((x) => x.status === "skipped")) {
      expect(labelValue(r, "not_applicable"), r.name).toMatch(needing.includes(labelValue(r, "clause") ?? "") ? /^needs:operator$/ : /^feature:/);
    }
    // the safety check runs on every installed run, whatever the selection
    expect(summary.clauses.find((c) => c.id === "safety.user-spaces.unchanged")?.status).toBe("passed");
  });
});

describe("run --target installed --grep", () => {
  // With isolate: false, a worker whose first file has nothing to run never ran allure-vitest's
  // beforeAll, and every label in that worker was dropped (clauses read as unknown); on the
  // installed target that happened on every --grep run (src/harness/allure-runtime.ts).
  it("gives every selected clause a labelled result", { timeout: 60_000 }, async () => {
    const out = await tempDir("inst-grep");
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--grep", "^task-spaces\\.create\\.", "--json", "--no-report", "--results", out], { env: cliEnv(world, { PATH: world.pathWithLauncher }) });
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.map((c) => c.id).sort()).toEqual([...CATALOGUE.filter((c) => c.id.startsWith("task-spaces.create.")).map((c) => c.id), "safety.user-spaces.unchanged"].sort());
    expect(summary.totals).toMatchObject({ unknown: 0, failed: 0, broken: 0 });
    expect(run.exitCode, run.stderr).toBe(0);
  });
});
