// Safety on a shared browser, for real (the fake installed, the app a separate server): a
// simulated harness bug that touches the user's Space is caught by the invariance clause with the
// diff attached; --keep-on-failure keeps a failed run's spaces, sweep lists them by run and with
// --yes removes them and nothing else.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, harnessSpaces, worldsClosedAfterAll, tempRoot } from "./support.js";

const world = worldsClosedAfterAll();

describe("the invariance clause on an installed target", () => {
  it("catches a harness bug that claims the user's Space, and attaches the diff", { timeout: 60_000 }, async () => {
    const w = await world();
    const user = await w.operator.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }] });
    const results = await tempRoot("inst-bug");
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "task-state", "--harness-fault", "cleanup-claims-user-space", "--json", "--no-report", "--results", results], { env: cliEnv(w) });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/harness fault committed on purpose: cleanup-claims-user-space: claimed "Groceries"/);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["safety.user-spaces.unchanged"]);

    // the bug really happened in the app, and the clause says what changed
    expect((await w.operator.listSpaces()).find((s) => s.id === user.id)).toMatchObject({ name: "Groceries", ownership: "agent" });
    const result = (await readResults(results)).find((r) => labelValue(r, "clause") === "safety.user-spaces.unchanged")!;
    expect(result.message).toMatch(new RegExp(`changed: "Groceries" \\(id ${user.id}\\) ownership: "user" -> "agent"`));
    const raw = JSON.parse(await readFile(result.file, "utf8")) as { attachments: { name: string; source: string }[] };
    const diff = JSON.parse(await readFile(join(results, raw.attachments.find((a) => a.name === "diff")!.source), "utf8"));
    expect(diff).toMatchObject({ unchanged: false, countBefore: 1, countAfter: 1, changed: [{ id: user.id, name: "Groceries", changes: [{ field: "ownership", before: "user", after: "agent" }] }] });
  });
});

describe("--keep-on-failure and sweep", () => {
  it("keeps a failed run's spaces; sweep lists them by run, and --yes closes them and nothing else", { timeout: 90_000 }, async () => {
    const w = await world({ app: { faults: ["unstable-locators"] } });
    const user = await w.operator.createUserSpace("Groceries");
    const stranger = await w.operator.createUserSpace("ego-conformance by hand");
    // a leftover of an older run, user-owned (completed, then its run died): sweep must claim it first
    const older = await w.operator.createUserSpace("ego-conformance 20261129-080000-aaaaaa task-spaces.complete.user-owned-same-id space-1");
    const env = cliEnv(w);
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "snapshot", "--keep-on-failure", "--json", "--no-report", "--results", await tempRoot("inst-keep")], { env });
    expect(run.exitCode, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as JsonSummary).clauses.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["snapshot.loc.omitted-not-sentinel"]);
    expect(run.stderr).toMatch(/--keep-on-failure: the run failed, so its task spaces stay/);
    const kept = (await harnessSpaces(w.operator)).filter((n) => !n.includes(" by hand") && !n.includes("20261129-080000-aaaaaa"));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((n) => n.includes(" snapshot.loc.omitted-not-sentinel "))).toBe(true); // only the failed test's
    const runId = kept[0]!.split(" ")[1]!;

    const listed = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--json"], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const found = JSON.parse(listed.stdout) as { runs: { runId: string; spaces: { name: string; ownership: string }[] }[] };
    expect(found.runs.map((r) => r.runId)).toEqual(["20261129-080000-aaaaaa", runId]);
    expect(found.runs[0]!.spaces).toEqual([expect.objectContaining({ id: older.id, ownership: "user" })]);
    expect(found.runs[1]!.spaces.map((s) => s.name).sort()).toEqual([...kept].sort());
    expect((await w.operator.listSpaces()).length).toBe(3 + kept.length); // listing changed nothing

    const swept = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--yes"], { env });
    expect(swept.exitCode, swept.stdout + swept.stderr).toBe(0);
    expect(swept.stdout).toMatch(new RegExp(`Closed ${kept.length + 1} of ${kept.length + 1}\\.`));
    const left = await w.operator.listSpaces();
    expect(left.map((s) => s.id).sort()).toEqual([user.id, stranger.id].sort());
    expect(left.every((s) => s.ownership === "user")).toBe(true);
  });
});
