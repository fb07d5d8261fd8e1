// `ego-conformance matrix` and `report --merge` end to end, through the real CLI, on two personas
// of the fake (the current build and the one without error codes), two areas to stay fast.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundleDirFor, parseMatrixArgs } from "../../src/cli/matrix.js";
import { parseReportArgs } from "../../src/cli/report.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { parseCompatJson, type CompatJson } from "../../src/matrix/compat-schema.js";
import { personaNames } from "../../src/matrix/personas.js";
import { findExternalRequests } from "../../src/report/offline.js";
import { runCli } from "../cli/run-cli.js";
import { cliEnv, egoConformance, installedWorld } from "../installed/support.js";
import { tempDir } from "../support/temp-dir.js";
import { reportFile } from "../support/report-data.js";

const FLAGS = ["--personas", "current,pre-error-codes", "--area", "error-codes", "--area", "task-state"];

const statuses = (compat: CompatJson) => Object.fromEntries(compat.clauses.map((c) => [c.id, Object.fromEntries(Object.entries(c.cells).map(([k, cell]) => [k, cell.status]))]));

/** The release gate's result in a generated report's Quality Gates tab. */
async function releaseGateShown(report: string): Promise<{ rule: string; success: boolean; actual: unknown; message: string }> {
  const shown = JSON.parse(await reportFile(report, "widgets/quality-gate.json")) as Record<string, { rule: string; success: boolean; actual: unknown; message: string }[]>;
  const release = Object.values(shown).flat().filter((g) => g.rule === "releaseGate");
  expect(release, "one releaseGate result").toHaveLength(1);
  return release[0]!;
}

describe("ego-conformance matrix (real runs)", () => {
  it("runs each persona, writes compat.json, compat.html and one Allure report with an environment per target; shards merge into the same matrix", { timeout: 240_000 }, async () => {
    const out = await tempDir("matrix");
    const run = await runCli(["matrix", ...FLAGS, "--out", out, "--json"]);
    expect([0, 1], run.stderr).toContain(run.exitCode);
    const summary = JSON.parse(run.stdout) as { clean: boolean; compatJson: string; compatHtml: string; allureReport: string };
    expect(run.exitCode).toBe(summary.clean ? 0 : 1);

    const compat = parseCompatJson(await readFile(join(out, "compat.json"), "utf8"));
    expect(compat.targets.map((t) => [t.key, t.persona, t.egoVersion, t.availability])).toEqual([
      ["persona-current", "current", "0.5.1.13", "ran"],
      ["persona-pre-error-codes", "pre-error-codes", "0.5.1.13", "ran"],
    ]);
    expect(new Set(compat.clauses.map((c) => c.area))).toEqual(new Set(["error-codes", "task-state"]));
    for (const c of compat.clauses) expect(["passed", "unspecified"], c.id).toContain(c.cells["persona-current"]!.status);
    // the persona without error codes: clauses that need the feature do not apply, with the reason
    const gated = compat.clauses.filter((c) => c.features.includes("error-codes"));
    expect(gated.length).toBeGreaterThan(0);
    for (const c of gated) expect(c.cells["persona-pre-error-codes"], c.id).toMatchObject({ status: "not-applicable", reason: { key: "feature:error-codes" } });
    expect(compat.targets[0]!.score.value).toBe(1);
    expect(compat.targets[0]!.runId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);

    const html = await readFile(summary.compatHtml, "utf8");
    expect(findExternalRequests(html)).toEqual([]);
    expect(existsSync(summary.allureReport)).toBe(true);
    const environments = JSON.parse(await reportFile(join(out, "compat-allure/report"), "widgets/environments.json")) as { id: string; name: string }[];
    expect(environments.map((e) => e.id)).toEqual(expect.arrayContaining(["persona-current", "persona-pre-error-codes"]));
    const empty = JSON.parse(await reportFile(join(out, "compat-allure/report"), "widgets/default/statistic.json")) as { total: number };
    expect(empty.total, "every result belongs to a target's environment").toBe(0);
    // its Quality Gates tab carries the release gate, as a single run's does: a run of two areas
    // ships nowhere against the contract, and every target that may not ship is named
    const release = await releaseGateShown(join(out, "compat-allure/report"));
    expect(release).toMatchObject({ success: false, actual: "do not ship" });
    expect(release.message).toMatch(/^DO NOT SHIP \(ego-conformance gate, each target against the contract\): 2 of 2 target\(s\) may not ship: persona-current .*\| persona-pre-error-codes /);

    // each target's outcomes are in the bundle and next to compat.json, and the gate reads them
    expect(existsSync(join(out, "matrix/persona-current/outcomes.json"))).toBe(true);
    const outcomes = join(out, "compat-outcomes/persona-current.json");
    expect((JSON.parse(await readFile(outcomes, "utf8")) as { persona: string }).persona).toBe("current");
    const baselines = await tempDir("baselines");
    const save = await runCli(["baseline", "save", "--outcomes", outcomes, "--dir", baselines]);
    expect(save.exitCode, save.stderr).toBe(0);
    const gate = await runCli(["gate", "--baseline", join(baselines, "0.5.1.13-current.json"), "--outcomes", outcomes]);
    expect(gate.exitCode, `${gate.stdout}\n${gate.stderr}`).toBe(0);

    // the same matrix in two shards, merged
    const shards = await tempDir("shards");
    const [one, two] = await Promise.all([
      runCli(["matrix", ...FLAGS, "--shard", "1/2", "--out", shards, "--json"]),
      runCli(["matrix", ...FLAGS, "--shard", "2/2", "--out", shards, "--json"]),
    ]);
    expect(JSON.parse(one.stdout)).toMatchObject({ shard: "1/2", targets: [{ key: "persona-current", availability: "ran" }] });
    expect(JSON.parse(two.stdout)).toMatchObject({ shard: "2/2", targets: [{ key: "persona-pre-error-codes", availability: "ran" }] });
    const mergedOut = await tempDir("merged");
    const merge = await runCli(["report", "--merge", shards, "--out", mergedOut, "--no-allure", "--json"]);
    expect(merge.exitCode, merge.stderr).toBe(run.exitCode);
    const merged = parseCompatJson(await readFile(join(mergedOut, "compat.json"), "utf8"));
    expect(merged.plan).toEqual({ ...compat.plan, shards: 2 });
    expect(merged.sources.map((s) => s.shard)).toEqual([{ index: 1, count: 2 }, { index: 2, count: 2 }]);
    expect(statuses(merged)).toEqual(statuses(compat));
    expect(merged.warnings).toEqual(compat.warnings);

    // a shard left out is said, and its target is missing, not green
    const partial = await runCli(["report", "--merge", bundleDirFor(shards, { index: 1, count: 2 }, true), "--out", await tempDir("partial"), "--no-allure", "--json"]);
    expect(partial.exitCode).toBe(1);
    expect(partial.stderr).toMatch(/warning: shard 2\/2 is missing: its targets persona-pre-error-codes have no results/);
    expect(JSON.parse(partial.stdout).targets).toContainEqual(expect.objectContaining({ key: "persona-pre-error-codes", availability: "missing" }));
  });

  it("runs every target as run --ungated and run --no-expectations would, with those flags", { timeout: 240_000 }, async () => {
    // unstable-locators lacks locator-omission: gated, the clause needing it is not applicable;
    // ungated, it runs and fails (the persona prints loc=unstable); --grep sees "id: title"
    const LOC = "snapshot.loc.omitted-not-sentinel";
    const ONE = ["--personas", "unstable-locators", "--grep", `^${LOC.replace(/\./g, "\\.")}:`, "--pages", "model", "--no-allure", "--json"];
    const [gatedOut, ungatedOut] = [await tempDir("matrix-gated"), await tempDir("matrix-ungated")];
    const [gated, ungated] = await Promise.all([runCli(["matrix", ...ONE, "--out", gatedOut]), runCli(["matrix", ...ONE, "--ungated", "--no-expectations", "--out", ungatedOut])]);
    expect(gated.exitCode, gated.stderr).toBe(0);
    expect(ungated.exitCode, ungated.stderr).toBe(1);
    const cell = async (out: string) => parseCompatJson(await readFile(join(out, "compat.json"), "utf8")).clauses.find((c) => c.id === LOC)!.cells["persona-unstable-locators"];
    expect(await cell(gatedOut)).toMatchObject({ status: "not-applicable", reason: { key: "feature:locator-omission" } });
    expect(await cell(ungatedOut)).toMatchObject({ status: "failed" });
    // each target's outcomes say how it ran: ungated, and with no expectations file (run's default one otherwise)
    const outcomes = async (out: string) => JSON.parse(await readFile(join(out, "matrix/persona-unstable-locators/outcomes.json"), "utf8")) as { ungated: boolean; expectations: string | null };
    expect(await outcomes(gatedOut)).toMatchObject({ ungated: false, expectations: expect.stringMatching(/expectations\.json$/) });
    expect(await outcomes(ungatedOut)).toMatchObject({ ungated: true, expectations: null });
  });

  it("runs an installed ego-browser as one more column (the fake app, installed as Ego Lite would be)", { timeout: 120_000 }, async () => {
    const world = await installedWorld();
    try {
      const out = await tempDir("matrix-installed-fake");
      const run = await egoConformance(["matrix", "--personas", "current", "--installed", world.installed.cliPath, "--area", "task-state", "--area", "browser-version", "--no-allure", "--out", out, "--json"], { env: cliEnv(world) });
      expect(run.exitCode, run.stderr).toBe(0);
      const compat = parseCompatJson(await readFile(join(out, "compat.json"), "utf8"));
      const installed = compat.targets.find((t) => t.kind === "installed")!;
      expect(installed).toMatchObject({ availability: "ran", egoVersion: "0.5.1.13", persona: null, targetName: world.installed.cliPath });
      expect(installed.versionSource).toBeTruthy();
      for (const c of compat.clauses) expect(c.cells[installed.key], c.id).toMatchObject({ status: "passed" });
      expect(statuses(compat)).toEqual(Object.fromEntries(compat.clauses.map((c) => [c.id, { "persona-current": "passed", [installed.key]: "passed" }])));
    } finally {
      await world.close();
    }
  });

  it("marks where an installed build differs from the fake column of its build, call by call, for clauses that are not unspecified too", { timeout: 240_000 }, async () => {
    // the installed fake plays a build that selects the space it claims (mutant claim-selects);
    // persona current is the fake playing that build's version: the comparison of the two
    // recordings (src/recording/compare.ts) names the one clause that owns the rule, nothing else
    // (the claim and create clauses: the owner and its neighbours, to stay small; not the slow
    // task-spaces.create.idle-stays-listed, which waits 150 s of real time on an installed app)
    const world = await installedWorld({ app: { mutants: ["claim-selects"], pages: "model" } });
    try {
      const out = await tempDir("matrix-installed-mutant");
      const run = await egoConformance(["matrix", "--personas", "current", "--installed", world.installed.cliPath, "--grep", "^task-spaces\\.(claim\\.|create\\.(?!idle-stays-listed))", "--pages", "model", "--no-allure", "--out", out, "--json"], { env: cliEnv(world), timeoutMs: 220_000 });
      expect(run.exitCode, run.stderr).toBe(1);
      const compat = parseCompatJson(await readFile(join(out, "compat.json"), "utf8"));
      const installed = compat.targets.find((t) => t.kind === "installed")!;
      expect(installed.availability).toBe("ran");
      const owner = compat.clauses.find((c) => c.id === "task-spaces.claim.does-not-select")!;
      expect(owner.unspecified).toBeNull();
      expect(owner.cells[installed.key]).toMatchObject({ status: "failed", differsFromFake: { fake: "persona-current" } });
      const differences = owner.cells[installed.key]!.differsFromFake!.differences;
      expect(differences).toContainEqual({ kind: "verdict", build: "failed", fake: "passed" });
      expect(differences).toContainEqual(expect.objectContaining({ call: "#2 listTabs", kind: "error-code", build: null, fake: "EGO_TASK_SPACE_NOT_SELECTED" }));
      const differing = (key: string) => compat.clauses.filter((c) => c.cells[key]!.differsFromFake !== undefined).map((c) => c.id);
      expect(differing(installed.key)).toEqual(["task-spaces.claim.does-not-select"]);
      expect(differing("persona-current"), "the fake column is what the others are compared with").toEqual([]);
    } finally {
      await world.close();
    }
  });

  it("reports an installed target it cannot reach as not run, every clause unknown", { timeout: 60_000 }, async () => {
    const out = await tempDir("matrix-installed");
    const run = await runCli(["matrix", "--installed", "/nonexistent/ego-browser", "--area", "task-state", "--out", out, "--no-allure", "--json"]);
    expect(run.exitCode, run.stderr).toBe(1);
    const compat = parseCompatJson(await readFile(join(out, "compat.json"), "utf8"));
    expect(["unavailable", "error"]).toContain(compat.targets[0]!.availability);
    expect(compat.targets[0]!.reason).toBeTruthy();
    for (const c of compat.clauses) expect(c.cells[compat.targets[0]!.key]!.status).toBe("unknown");
    expect(compat.warnings.join("\n")).toMatch(/did not run/);
  });

  it("gates every target against --baseline (a key found with --dir) in compat, matrix and report --merge alike", { timeout: 240_000 }, async () => {
    // the baseline: persona current's own run of the area, saved as baseline save stores it
    const SMALL = ["--area", "browser-version", "--pages", "model", "--json"];
    const first = await tempDir("matrix-baseline-first");
    const one = await runCli(["matrix", "--personas", "current", ...SMALL, "--no-allure", "--out", first]);
    expect(one.exitCode, one.stderr).toBe(0);
    const baselines = await tempDir("matrix-baselines");
    const save = await runCli(["baseline", "save", "--outcomes", join(first, "compat-outcomes/persona-current.json"), "--dir", baselines]);
    expect(save.exitCode, save.stderr).toBe(0);
    const file = join(baselines, "0.5.1.13-current.json");

    // pre-browser-version (0.4.4.0) lacks getBrowserVersion: against that baseline it loses coverage
    const out = await tempDir("matrix-baseline");
    const run = await runCli(["matrix", "--personas", "current,pre-browser-version", ...SMALL, "--baseline", "0.5.1.13-current", "--dir", baselines, "--out", out]);
    expect([0, 1], run.stderr).toContain(run.exitCode);
    const compat = parseCompatJson(await readFile(join(out, "compat.json"), "utf8"));
    expect(compat.gate).toEqual({ against: file, ship: ["persona-current"] });
    const old = compat.targets.find((t) => t.key === "persona-pre-browser-version")!;
    expect(old.gate).toMatchObject({ against: file, ship: false });
    expect(old.gate!.lost).toBeGreaterThan(0);
    expect(old.gate!.reasons.join("; ")).toMatch(/ran in the baseline and are not applicable now/);
    // what gate warns of a baseline of another version, compat says per target
    expect(compat.warnings).toContain("persona-pre-browser-version: the baseline is of Ego Lite 0.5.1.13, this run of 0.4.4.0");
    expect(compat.warnings.filter((w) => w.startsWith("persona-current:"))).toEqual([]);
    // the page's cards are drawn from the same data: that card is DO NOT SHIP, against the file
    const page = await readFile(join(out, "compat.html"), "utf8");
    const embedded = JSON.parse(/<script type="application\/json" id="compat-data">([\s\S]*?)<\/script>/.exec(page)![1]!) as { compat: { targets: { key: string; gate?: { against: string; ship: boolean } }[] } };
    expect(embedded.compat.targets.find((t) => t.key === old.key)!.gate).toMatchObject({ against: file, ship: false });
    // the combined Allure report's release gate names that target, and only it
    const release = await releaseGateShown(join(out, "compat-allure/report"));
    expect(release).toMatchObject({ success: false, actual: "do not ship" });
    expect(release.message).toContain(`DO NOT SHIP (ego-conformance gate, each target against ${file}): 1 of 2 target(s) may not ship: persona-pre-browser-version `);
    expect(release.message).not.toContain("persona-current");
    // gate --baseline on that target's outcomes says the same
    const gate = await runCli(["gate", "--baseline", file, "--outcomes", join(out, "compat-outcomes/persona-pre-browser-version.json")]);
    expect(gate.exitCode, gate.stdout).toBe(1);

    // report --merge of the same bundle: with the baseline, the same verdicts; without it, the
    // contract's (a run of one area ships nowhere): the baseline is what made current ship
    const mergedWith = await tempDir("matrix-baseline-merged");
    const merge = await runCli(["report", "--merge", join(out, "matrix"), "--baseline", "0.5.1.13-current", "--dir", baselines, "--out", mergedWith, "--json"]);
    expect(merge.exitCode, merge.stderr).toBe(run.exitCode);
    expect(parseCompatJson(await readFile(join(mergedWith, "compat.json"), "utf8")).gate).toEqual(compat.gate);
    expect(await releaseGateShown(join(mergedWith, "compat-allure/report")), "the merge's report carries the same release gate").toEqual(release);
    const mergedWithout = await tempDir("matrix-baseline-contract");
    await runCli(["report", "--merge", join(out, "matrix"), "--out", mergedWithout, "--no-allure", "--json"]);
    expect(parseCompatJson(await readFile(join(mergedWithout, "compat.json"), "utf8")).gate).toEqual({ against: "the contract", ship: [] });
  });

  it.each([
    [["matrix", "--personas", "current", "--area", "browser-version", "--pages", "model", "--no-allure"]],
    [["report", "--merge", "nowhere", "--no-allure"]],
  ])("%j with a baseline that is not there exits 2 and starts nothing", async (args) => {
    const baselines = await tempDir("matrix-no-baselines");
    const out = await tempDir("matrix-unknown-baseline");
    const run = await runCli([...args, "--baseline", "0.5.1.13-nobody", "--dir", baselines, "--out", out]);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/cannot decide: the baseline .*0\.5\.1\.13-nobody\.json cannot be read/);
    expect(run.stderr).not.toMatch(/matrix: plan/);
    expect(await readdir(out), "nothing ran, nothing was written").toEqual([]);
    const notAKey = await runCli([...args, "--baseline", "nobody", "--out", out]);
    expect(notAKey.exitCode).toBe(2);
    expect(notAKey.stderr).toMatch(/--baseline must be a file or a key/);
  });

  it.each([[["matrix", "--shard", "3/2"]], [["report"]]])("gives the usage and exit 2 for %j", async (args) => {
    const run = await runCli(args);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/see `ego-conformance help (matrix|report)`/);
  });

  it("cannot merge what is not a bundle, and says so", async () => {
    const run = await runCli(["report", "--merge", await tempDir("no-bundles"), "--no-allure"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(/cannot merge: no matrix bundle/);
  });
});

describe("matrix and report arguments", () => {
  it("default to every persona, the whole matrix, reports/ and the Allure report", () => {
    const o = parseMatrixArgs([], "/work");
    expect(o.plan.targets.map((t) => t.key)).toEqual(personaNames().map((p) => `persona-${p}`));
    expect(o).toMatchObject({ shard: { index: 1, count: 1 }, sharded: false, outDir: "/work/reports", json: false, allure: true });
    expect(bundleDirFor("/work/reports", o.shard, false)).toBe("/work/reports/matrix");
    expect(bundleDirFor("/work/reports", { index: 2, count: 3 }, true)).toBe("/work/reports/matrix-shard-2-of-3");
  });

  it("take lists by comma or by repeating the flag, and the same plan on every machine", () => {
    const a = parseMatrixArgs(["--personas", "current,pre-profiles", "--versions", "0.4.4.2", "--versions", "0.5.0.19", "--installed", "/a/ego-browser", "--shard", "2/3"], "/w");
    const b = parseMatrixArgs(["--personas", "current", "--personas", "pre-profiles", "--versions", "0.4.4.2,0.5.0.19", "--installed", "/a/ego-browser", "--shard", "1/3"], "/w");
    expect(a.plan.id).toBe(b.plan.id);
    expect(a.plan.targets).toHaveLength(5);
    expect(a.shard).toEqual({ index: 2, count: 3 });
    expect(parseMatrixArgs(["--personas", "all"], "/w").plan.targets).toHaveLength(personaNames().length);
    expect(parseMatrixArgs(["--pages", "model"], "/w").fakePages).toBe("model");
    expect(parseMatrixArgs([], "/w").fakePages).toBeUndefined();
    expect(parseMatrixArgs(["--no-slow"], "/w").noSlow).toBe(true);
    expect(parseMatrixArgs([], "/w").noSlow).toBeUndefined();
  });

  it("record --ungated and --no-expectations in the plan: shards made with other settings are another matrix", () => {
    const plain = parseMatrixArgs(["--personas", "current"], "/w").plan;
    const both = parseMatrixArgs(["--personas", "current", "--ungated", "--no-expectations"], "/w").plan;
    expect(plain.settings).toEqual({ ungated: false, noExpectations: false });
    expect(both.settings).toEqual({ ungated: true, noExpectations: true });
    expect(parseMatrixArgs(["--personas", "current", "--ungated"], "/w").plan.settings).toEqual({ ungated: true, noExpectations: false });
    expect(new Set([plain.id, both.id, parseMatrixArgs(["--personas", "current", "--ungated"], "/w").plan.id, parseMatrixArgs(["--personas", "current", "--no-expectations"], "/w").plan.id]).size).toBe(4);
  });

  it.each([
    [["--shard", "3/2"], /--shard 3\/2/],
    [["--personas", "nobody"], /unknown persona 'nobody'/],
    [["--versions", "0.5"], /four-part/],
    [["--area", "nowhere"], /unknown area/],
    [["--grep", "("], /not a regular expression/],
    [["--pages", "paper"], /--pages must be chromium or model/],
    [["--bogus"], /Unknown option/],
  ])("refuse %j as a usage error", (args, message) => {
    expect(() => parseMatrixArgs(args, "/w")).toThrow(UsageError);
    expect(() => parseMatrixArgs(args, "/w")).toThrow(message);
  });

  it("take --baseline and --dir together, for the whole matrix and for report --merge; a shard takes none", () => {
    expect(parseMatrixArgs(["--baseline", "0.5.1.13-current", "--dir", "b"], "/w").baselineFlag).toEqual({ argument: "0.5.1.13-current", dir: "b" });
    expect(parseMatrixArgs([], "/w").baselineFlag).toBeUndefined();
    expect(parseReportArgs(["--merge", "a", "--baseline", "x.json"], "/w").baselineFlag).toEqual({ argument: "x.json" });
    expect(() => parseMatrixArgs(["--dir", "b"], "/w")).toThrow(/give --baseline too/);
    expect(() => parseReportArgs(["--merge", "a", "--dir", "b"], "/w")).toThrow(/give --baseline too/);
    expect(() => parseMatrixArgs(["--baseline", "x.json", "--shard", "1/2"], "/w")).toThrow(/give it to report --merge/);
  });

  it("report needs --merge", () => {
    expect(() => parseReportArgs([], "/w")).toThrow(/needs --merge/);
    expect(() => parseReportArgs(["--bogus"], "/w")).toThrow(UsageError);
  });

  it("report --merge takes several directories after one flag", () => {
    expect(parseReportArgs(["--merge", "a", "b", "--merge", "c", "--out", "o"], "/w")).toEqual({ merge: ["/w/a", "/w/c", "/w/b"], outDir: "/w/o", json: false, allure: true });
  });
});
