// `ego-conformance run` end to end on the embedded fake: every clause of the catalogue gets a
// result, none fails, the Allure report is written offline; flags and exit statuses behave.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { findExternalRequests } from "../../src/report/offline.js";
import { runCli, type JsonSummary } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { gateGaps } from "../support/gate-gaps.js";

describe("ego-conformance run (fake)", () => {
  it("covers every catalogue clause, passes, and writes an offline report", { timeout: 180_000 }, async () => {
    const results = await tempDir("results");
    const report = await tempDir("report");
    const run = await runCli(["run", "--json", "--results", results, "--report", `${report}/out`]);
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary).toMatchObject({ target: "fake", egoVersion: "0.5.1.13", passed: true });
    expect(summary.totals).toMatchObject({ failed: 0, broken: 0, unknown: 0, "not-applicable": 5 });
    // the five skips: the user-space invariance check needs a browser shared with a user, the
    // environment, --sdk-path and pending-CDP exit checks a launcher (installed targets all four),
    // and the dialog fallback key is a feature of older builds only
    expect(summary.clauses.filter((c) => c.status === "not-applicable").map((c) => c.id).sort()).toEqual(["launcher.environment.not-forwarded", "launcher.exit.pending-cdp", "launcher.sdk-path.loads-module", "safety.user-spaces.unchanged", "user-control.dialog.fallback-key"]);
    expect(summary.clauses.map((c) => c.id).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
    const unspecified = new Set(CATALOGUE.filter((c) => c.unspecified).map((c) => c.id));
    for (const clause of summary.clauses) if (clause.status !== "not-applicable") expect(clause.status, clause.id).toBe(unspecified.has(clause.id) ? "unspecified" : "passed");
    // every clause's gate covers what its matchers read (src/harness/feature-reads.ts)
    expect(await gateGaps(results), "clauses whose assertions read what their gate does not cover").toEqual([]);
    const html = await readFile(summary.report!, "utf8");
    expect(findExternalRequests(html)).toEqual([]);
    // the progress line counts clauses (every one but the safety check is a vitest test), as the totals do
    const tested = CATALOGUE.length - 1;
    expect(run.stderr).toMatch(new RegExp(`conformance \\[${tested}/${tested} clauses\\] passed \\d+, failed 0(, not applicable \\d+)?(, unspecified \\d+)? done`));
  });

  it("selects by --area and --grep, and reports only what was selected", { timeout: 60_000 }, async () => {
    const run = await runCli(["run", "--json", "--no-report", "--area", "profiles", "--grep", "^profiles\\.create\\.default", "--results", await tempDir("grep")]);
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.map((c) => c.id).sort()).toEqual(["profiles.create.default-empty", "profiles.create.default-keyword", "profiles.create.default-omitted"]);
    expect(Object.keys(summary.areas)).toEqual(["profiles"]);
  });

  it("prints a readable summary by default", { timeout: 60_000 }, async () => {
    const run = await runCli(["run", "--no-report", "--area", "task-state", "--results", await tempDir("text")]);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Ego Lite version: 0\.5\.1\.13/);
    expect(run.stdout).toMatch(/task-state\s+2\s+0\s+0/);
  });

  it.each([
    [["run", "--bogus"]],
    [["run", "--area", "nowhere"]],
    [["run", "--target", "moon"]],
    [["run", "--grep", "("]],
    [["frobnicate"]],
  ])("gives one paragraph, a pointer to the command's help and exit 2 for %j", async (args) => {
    const run = await runCli(args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^ego-conformance ${args[0] === "run" ? "run" : "help"}: `));
    // an unknown command points at the list of commands, never at `help help`
    expect(run.stderr).toMatch(args[0] === "run" ? /see `ego-conformance help run`$/ : /see `ego-conformance help`$/);
    expect(run.stderr).not.toMatch(/Usage:/);
  });

  it("exits 1 when a clause fails (a broken fake)", { timeout: 60_000 }, async () => {
    const run = await runCli(["run", "--json", "--no-report", "--area", "user-control", "--mutant", "listtabs-ignores-user-control", "--results", await tempDir("fail")]);
    expect(run.exitCode).toBe(1);
    expect((JSON.parse(run.stdout) as JsonSummary).totals.failed).toBeGreaterThan(0);
  });
});
