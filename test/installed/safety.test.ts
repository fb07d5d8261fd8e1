// Safety on a shared browser, for real (the fake installed, the app a separate server): a
// simulated harness bug that touches the user's Space is caught by the invariance clause with the
// diff attached; --keep-on-failure keeps a failed run's spaces, sweep lists them by run and with
// --yes removes them and nothing else.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { agentSpace, cliEnv, deadPid, egoConformance, harnessSpaces, worldLedger, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";
import { HARNESS_BUG_ENV } from "../../src/safety/harness-bugs.js";

const world = worldsClosedAfterAll();

describe("the invariance clause on an installed target", () => {
  it("catches a harness bug that claims the user's Space, and attaches the diff", { timeout: 60_000 }, async () => {
    const w = await world();
    const user = await w.operator.createUserSpace("Groceries", { tabs: [{ url: "https://shop.example/", title: "Shop" }] });
    const results = await tempDir("inst-bug");
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "task-state", "--json", "--no-report", "--results", results], { env: { ...cliEnv(w), [HARNESS_BUG_ENV]: "cleanup-claims-user-space" } });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/harness bug committed on purpose: cleanup-claims-user-space: claimed "Groceries"/);
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
  it("keeps a failed run's spaces; sweep lists them by run, and --yes closes the recorded ones and nothing else", { timeout: 120_000 }, async () => {
    // a page-independent mutant in a small area: this test is about keeping and sweeping, not pages
    // (an installed target is assumed to show real pages, which the page model cannot)
    const w = await world({ app: { mutants: ["claim-selects"], pages: "model" } });
    const user = await w.operator.createUserSpace("Groceries");
    const stranger = await w.operator.createUserSpace("ego-conformance by hand");
    // a leftover of an older run whose process died, user-owned (completed): sweep must claim it first
    const olderRun = "20261129-080000-aaaaaa";
    const olderName = `ego-conformance ${olderRun} task-spaces.complete.user-owned-same-id space-1`;
    const ledger = worldLedger(w.home);
    ledger.startRun(olderRun, await deadPid());
    ledger.recorder(olderRun).name(olderName);
    const older = await agentSpace(w.installed.cliPath, olderName, { complete: true });
    const env = cliEnv(w);
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "task-spaces", "--no-slow", "--keep-on-failure", "--json", "--no-report", "--results", await tempDir("inst-keep")], { env });
    expect(run.exitCode, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as JsonSummary).clauses.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["task-spaces.claim.does-not-select"]);
    expect(run.stderr).toMatch(/--keep-on-failure: the run failed, so its task spaces stay/);
    const kept = (await harnessSpaces(w.operator)).filter((n) => !n.includes(" by hand") && !n.includes(olderRun));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((n) => n.includes(" task-spaces.claim.does-not-select "))).toBe(true); // only the failed test's
    const runId = kept[0]!.split(" ")[1]!;
    // the run recorded itself, each space it made, and its end
    const view = ledger.read();
    expect(view.runs.get(runId)).toMatchObject({ runId, endedAt: expect.any(String) });
    for (const name of kept) expect(view.namesOf(runId).has(name) || view.spacesOf(runId).some((s) => s.name === name)).toBe(true);

    const listed = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--json"], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const found = JSON.parse(listed.stdout) as { runs: { runId: string; ledger: string; spaces: { name: string; ownership: string; status: string }[] }[] };
    expect(found.runs.map((r) => [r.runId, r.ledger])).toEqual([[olderRun, "dead"], [runId, "ended"]]);
    expect(found.runs[0]!.spaces).toEqual([expect.objectContaining({ id: older.id, ownership: "user", createdBy: "agent", status: "closable" })]);
    expect(found.runs[1]!.spaces.map((s) => s.name).sort()).toEqual([...kept].sort());
    expect(found.runs[1]!.spaces.every((s) => s.status === "closable")).toBe(true);
    expect((await w.operator.listSpaces()).length).toBe(3 + kept.length); // listing changed nothing

    const swept = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--yes"], { env });
    expect(swept.exitCode, swept.stdout + swept.stderr).toBe(0);
    expect(swept.stdout).toMatch(new RegExp(`Closed ${kept.length + 1} of ${kept.length + 1}\\.`));
    expect(swept.stdout.split("\n").filter((l) => l.endsWith("-> closed"))).toHaveLength(kept.length + 1); // one line per space
    const left = await w.operator.listSpaces();
    expect(left.map((s) => s.id).sort()).toEqual([user.id, stranger.id].sort());
    expect(left.every((s) => s.ownership === "user")).toBe(true);
  });
});

describe("sweep proves ownership", () => {
  it("a user's Space named like ours survives sweep --yes; an unrecorded agent space needs --force-unrecorded; while a run is live nothing is touched", { timeout: 90_000 }, async () => {
    const w = await world();
    const env = cliEnv(w);
    const tax = await w.operator.createUserSpace("ego-conformance 20250101-000000-abcdef my tax return");
    const stray = await agentSpace(w.installed.cliPath, "ego-conformance 20250101-000000-bbbbbb some.clause space-1");
    // a leftover of a run that died, handed off to the user: closing it claims it (ownership user -> agent)
    const deadRun = "20250101-000000-dddddd";
    const deadName = `ego-conformance ${deadRun} some.clause space-1`;
    const ledger = worldLedger(w.home);
    ledger.startRun(deadRun, await deadPid());
    ledger.recorder(deadRun).name(deadName);
    const leftover = await agentSpace(w.installed.cliPath, deadName, { handOff: true });
    // a run that is still going on in another process (this test's own vitest worker stands in for it)
    const liveRun = "20250101-000000-cccccc";
    const liveName = `ego-conformance ${liveRun} some.clause space-1`;
    ledger.startRun(liveRun, process.pid);
    ledger.recorder(liveRun).name(liveName);
    const live = await agentSpace(w.installed.cliPath, liveName);

    const listed = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath], { env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/my tax return {2}\[user, createdBy user\] {2}not created by the agent: never closed/);
    expect(listed.stdout).toMatch(/bbbbbb some\.clause space-1 {2}\[agent, createdBy agent\] {2}looks like ours, not recorded: closed only with --force-unrecorded/);
    expect(listed.stdout).toMatch(/dddddd some\.clause space-1 {2}\[agentDelegatedToUser, createdBy agent\] {2}recorded by a run that is over/);
    expect(listed.stdout).toMatch(new RegExp(`run ${liveRun} \\(started [^)]*\\): live \\(pid ${process.pid} on `));
    const before = await w.operator.listSpaces();

    // the live run's safety check holds every space not its own unchanged: the sweep touches none, and says why
    const held = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--yes", "--force-unrecorded"], { env });
    expect(held.exitCode, held.stdout + held.stderr).toBe(1);
    expect(held.stdout).toMatch(/Closed 0 of 2\./);
    expect(held.stdout.trimEnd().split("\n").at(-1)).toMatch(new RegExp(`run ${liveRun} is live .*sweep again once it has ended$`));
    expect(await w.operator.listSpaces()).toEqual(before);

    // once the live run has ended, the leftovers go; a user's Space never does
    ledger.endRun(liveRun, process.pid);
    const forced = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--yes", "--force-unrecorded", "--json"], { env });
    expect(forced.exitCode, forced.stdout + forced.stderr).toBe(0);
    const out = JSON.parse(forced.stdout) as { closed: unknown[]; runs: { spaces: { id: unknown; result: string }[] }[] };
    expect([...out.closed].sort()).toEqual([stray.id, leftover.id, live.id].sort());
    expect(out.runs.flatMap((r) => r.spaces).map((s) => [s.id, s.result])).toEqual(expect.arrayContaining([[tax.id, "left"]]));
    const left = await w.operator.listSpaces();
    expect(left.map((s) => s.id)).toEqual([tax.id]);
    expect(left[0]).toMatchObject({ name: "ego-conformance 20250101-000000-abcdef my tax return", createdBy: "user", ownership: "user" });
  });
});
