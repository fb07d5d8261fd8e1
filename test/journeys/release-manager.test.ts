// A release manager's journey, as the README and docs/ chain the commands, typed through the CLI
// in one scratch directory (its working directory, and HOME), for two builds: the fake app
// installed as `ego-browser` (a build that passes every clause it can be judged on) and the same
// app with mutant `claim-selects` (it selects the space it claims: exactly one clause,
// task-spaces.claim.does-not-select, fails). After each step the verdict is checked against that
// truth, on every surface the step has (terminal, --json, the outcomes file, Allure's quality
// gates, compat.json and compat.html, the gate), with the same counts; and every file of the
// scratch directory a command was not asked to write keeps its bytes and mtime.
//
// Why each costly step is here (everything runs on the page model, `fake start --pages model`:
// the verdicts the chain passes along do not depend on the kind of pages, and real pages cost
// Chromium's CPU; `--no-slow` everywhere, as the slow clauses wait minutes of real time on an
// installed app, and the gate lists them as not judged here):
// - two whole installed runs (about 30 s each): the gate without a baseline judges the whole
//   catalogue, so a partial run could never ship; the passing one with --json, the mutant's with
//   the terminal text and its Allure report (the report's quality gates are only in the report:
//   about 20 s to generate, once);
// - two verify-fake replays (whole, in process): what the replay judges, and that it writes none
//   of the run's files;
// - one run with --persona-file (in process): the persona derived from the recording plays the
//   same verdicts (its recording diffs clean). The mutant gets no persona: a persona holds
//   features, and the mutant lacks none, so its persona is the passing build's;
// - one matrix of both installed builds, no fake column (a persona column would add a run; the
//   comparison with the fake is what verify-fake already checked): compat's gate per target.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { parseCompatJson, type CompatJson } from "../../src/matrix/compat-schema.js";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { reportFile } from "../support/report-data.js";
import { tempDir } from "../support/temp-dir.js";

const MUTANT = "claim-selects";
const BROKEN_CLAUSE = "task-spaces.claim.does-not-select";
/** what this machine cannot judge in these runs: the gate lists them and never blocks on them */
const ENVIRONMENT_KEYS = ["needs:operator", "needs:pages", "slow"];

type Counts = JsonSummary["totals"];
interface GateJson {
  ship: boolean;
  against: string;
  reasons: string[];
  outcomes: Counts;
  lost: number;
  notJudgedHere: { key: string; clauses: string[] }[];
  rows: { clause: string; change: string; baseline?: string | null; current?: string | null }[];
  counts: Record<string, number>;
}
interface Compared {
  judged: number;
  /** a: the first recording (verify-fake: the build), b: the second (verify-fake: the fake's replay) */
  differences: { clause: string; kind: string; judged: boolean; a?: unknown; b?: unknown }[];
}

let scratch: string;
let env: Record<string, string>;
const apps: string[] = [];
/** the passing build's run, the mutant's counts (read from its terminal), and each one's gate */
let good: JsonSummary;
let goodGate: GateJson;
let badCounts: Counts;
let badGate: GateJson;

const cli = (args: string[], timeoutMs = 120_000) => runCli(args, { cwd: scratch, env, timeoutMs });
const at = (...parts: string[]) => join(scratch, ...parts);
const output = (r: { stdout: string; stderr: string }) => `${r.stdout}\n${r.stderr}`;

beforeAll(async () => {
  scratch = await tempDir("journey");
  // the run ledger goes under HOME: the journey keeps to its scratch directory
  env = { HOME: at("home") };
});

afterAll(async () => {
  for (const dir of apps) await runCli(["fake", "stop", "--dir", dir], { env });
});

/** Every file of the scratch directory (the fake apps' own directories apart: their logs and sockets) with its size, times and inode. */
async function filesOf(dir = scratch): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative(scratch, path);
    if (/^app-(good|bad)$/.test(name)) continue;
    if (entry.isDirectory()) for (const [k, v] of await filesOf(path)) out.set(k, v);
    else if (entry.isFile()) {
      // a write changes mtime and ctime, a file renamed over it the inode: no need to hash thousands of results
      const s = await stat(path);
      out.set(name, `${s.size} ${s.mtimeMs} ${s.ctimeMs} ${s.ino}`);
    }
  }
  return out;
}

/** Runs a command that may write only `allowed` (paths relative to the scratch directory, or folders of them); every other file must stay as it was. */
async function writingOnly<T>(allowed: string[], command: () => Promise<T>): Promise<T> {
  const before = await filesOf();
  const result = await command();
  const after = await filesOf();
  const inAllowed = (name: string) => allowed.some((a) => name === a || name.startsWith(`${a}/`));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name) && !inAllowed(name));
  expect(changed, "files the command was not asked to write").toEqual([]);
  return result;
}

function countsOf(outcomes: { clauses: Record<string, { status: string }> }): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status } of Object.values(outcomes.clauses)) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
const readJson = async <T>(path: string) => JSON.parse(await readFile(path, "utf8")) as T;
const judgedClauses = (c: Compared) => [...new Set(c.differences.filter((d) => d.judged).map((d) => d.clause))];

describe("a release manager's journey: install, run, record, verify-fake, diff, persona, baseline, gate, matrix, compat", () => {
  it("installs both builds: the fake app as ego-browser, and the same with one broken rule", { timeout: 60_000 }, async () => {
    for (const [name, extra] of [["good", []], ["bad", ["--mutant", MUTANT]]] as const) {
      const dir = at(`app-${name}`);
      const start = await cli(["fake", "start", "--dir", dir, "--pages", "model", ...extra]);
      expect(start.exitCode, output(start)).toBe(0);
      apps.push(dir);
      const install = await cli(["fake", "install", at(`bin-${name}`), "--dir", dir]);
      expect(install.exitCode, output(install)).toBe(0);
    }
    const status = await cli(["fake", "status", "--dir", at("app-bad"), "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, mutants: [MUTANT] });
  });

  describe("the passing build", () => {
    it("run --target installed --record: passes every clause it can judge here", { timeout: 240_000 }, async () => {
      const run = await writingOnly(["reports", "good.json", "home"], () => cli(["run", "--target", "installed", "--ego-browser", at("bin-good/ego-browser"), "--record", "good.json", "--no-slow", "--no-report", "--json"], 220_000));
      expect(run.exitCode, run.stderr).toBe(0);
      good = JSON.parse(run.stdout) as JsonSummary;
      expect(good).toMatchObject({ target: "installed", egoVersion: "0.5.1.13", passed: true });
      expect(good.clauses.map((c) => c.id).sort()).toEqual(CATALOGUE.map((c) => c.id).sort());
      expect(nonZero(good.totals)).toEqual(nonZero({ ...good.totals, failed: 0, "precondition-failed": 0, broken: 0, unknown: 0, known: 0, flaky: 0 }));
      // the outcomes file counts what the summary counts
      expect(countsOf(await readJson(at("reports/outcomes.json")))).toEqual(nonZero(good.totals));
    });

    it("verify-fake: the fake matches the build's recording, and writes nothing of the run's", { timeout: 120_000 }, async () => {
      const verify = await writingOnly([], () => cli(["verify-fake", "good.json", "--json"]));
      expect(verify.exitCode, output(verify)).toBe(0);
      expect((JSON.parse(verify.stdout) as Compared).judged).toBe(0);
    });

    it("persona derive, run --persona-file: the persona plays the recorded verdicts, and the run keeps to its own outputs", { timeout: 180_000 }, async () => {
      const derive = await writingOnly(["good-build.persona.json"], () => cli(["persona", "derive", "good.json", "--name", "good-build"]));
      expect(derive.exitCode, output(derive)).toBe(0);
      const outputs = ["derived-results", "derived-outcomes.json", "derived.json"];
      const run = await writingOnly(outputs, () => cli(["run", "--persona-file", "good-build.persona.json", "--pages", "model", "--no-slow", "--no-report", "--json", "--results", outputs[0]!, "--outcomes", outputs[1]!, "--record", outputs[2]!], 170_000));
      expect(run.exitCode, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ persona: "good-build", passed: true });
      const diff = await writingOnly([], () => cli(["diff", "good.json", "derived.json", "--json"]));
      expect(diff.exitCode, diff.stdout).toBe(0);
      expect(judgedClauses(JSON.parse(diff.stdout) as Compared)).toEqual([]);
    });

    it("gate, no baseline: SHIP against the contract, with the run's own counts", async () => {
      const text = await writingOnly([], () => cli(["gate"]));
      expect(text.exitCode, output(text)).toBe(0);
      expect(text.stdout).toMatch(/^SHIP: every contract clause ran/m);
      expect(text.stdout).not.toMatch(/DO NOT SHIP/);
      const json = await writingOnly([], () => cli(["gate", "--json"]));
      expect(json.exitCode).toBe(0);
      goodGate = JSON.parse(json.stdout) as GateJson;
      expect(goodGate).toMatchObject({ ship: true, against: "contract", reasons: [], lost: 0, rows: [] });
      expect(goodGate.outcomes).toEqual(good.totals);
      expect(text.stdout).toContain(`198 clauses: ${good.totals.passed} passed, ${good.totals["not-applicable"]} not-applicable, ${good.totals.unspecified} unspecified`);
      // every clause that did not apply is this machine's lack, listed, never blocking
      expect(goodGate.notJudgedHere.map((g) => g.key).sort()).toEqual(ENVIRONMENT_KEYS);
      expect(goodGate.notJudgedHere.reduce((n, g) => n + g.clauses.length, 0)).toBe(good.totals["not-applicable"]);
    });

    it("baseline save --dir, then gate --baseline KEY --dir: SHIP, nothing changed", async () => {
      const save = await writingOnly(["baselines/0.5.1.13.json"], () => cli(["baseline", "save", "--dir", "baselines", "--json"]));
      expect(save.exitCode, output(save)).toBe(0);
      expect(JSON.parse(save.stdout)).toMatchObject({ key: "0.5.1.13", file: at("baselines/0.5.1.13.json") });
      const text = await writingOnly([], () => cli(["gate", "--baseline", "0.5.1.13", "--dir", "baselines"]));
      expect(text.exitCode, output(text)).toBe(0);
      expect(text.stdout).toMatch(/^SHIP: no regression/m);
      const json = JSON.parse((await cli(["gate", "--baseline", "0.5.1.13", "--dir", "baselines", "--json"])).stdout) as GateJson;
      expect(json).toMatchObject({ ship: true, rows: [], outcomes: good.totals });
      expect(json.counts.unchanged).toBe(CATALOGUE.length);
    });
  });

  describe("the build that breaks one clause", () => {
    it("run --target installed --record: fails exactly the broken clause, in the terminal, the outcomes file and Allure's quality gates", { timeout: 240_000 }, async () => {
      const run = await writingOnly(["reports", "bad.json", "home"], () => cli(["run", "--target", "installed", "--ego-browser", at("bin-bad/ego-browser"), "--record", "bad.json", "--no-slow"], 220_000));
      expect(run.exitCode, run.stderr).toBe(1);
      // the table's total row: passed, failed, broken, not-applicable, unspecified, unknown
      const total = /^total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$/m.exec(run.stdout);
      expect(total, run.stdout).not.toBeNull();
      const [passed, failed, broken, notApplicable, unspecified, unknown] = total!.slice(1).map(Number) as [number, number, number, number, number, number];
      expect({ failed, broken, unknown }).toEqual({ failed: 1, broken: 0, unknown: 0 });
      // the passing build's clauses, less the broken one
      expect({ passed, notApplicable, unspecified }).toEqual({ passed: good.totals.passed - 1, notApplicable: good.totals["not-applicable"], unspecified: good.totals.unspecified });
      expect(run.stdout).toMatch(/^NOT PASSED: 1 failed, 0 broken, 0 unknown/m);
      expect(run.stdout).toMatch(new RegExp(`^Failed \\(contract violations\\): 1\\n  ${BROKEN_CLAUSE.replace(/\./g, "\\.")} `, "m"));
      badCounts = { ...good.totals, passed, failed, "not-applicable": notApplicable, unspecified };
      const outcomes = await readJson<{ clauses: Record<string, { status: string }> }>(at("reports/outcomes.json"));
      expect(countsOf(outcomes)).toEqual(nonZero(badCounts));
      expect(Object.entries(outcomes.clauses).filter(([, o]) => o.status === "failed").map(([id]) => id)).toEqual([BROKEN_CLAUSE]);

      const gates = Object.values(JSON.parse(await reportFile(at("reports/allure-report"), "widgets/quality-gate.json")) as Record<string, { rule: string; success: boolean; actual: unknown; message: string }[]>).flat();
      expect(gates.find((g) => g.rule === "egoVerdict")).toMatchObject({ success: false, actual: 1 });
      expect(gates.find((g) => g.rule === "releaseGate")).toMatchObject({ success: false, actual: "do not ship" });
      expect(gates.find((g) => g.rule === "releaseGate")!.message).toMatch(/^DO NOT SHIP \(ego-conformance gate, against the contract\): 1 clause\(s\) failed/);
    });

    it("verify-fake: the recording differs from the fake, judged, at the broken clause alone, and the run's files stay", { timeout: 120_000 }, async () => {
      const verify = await writingOnly([], () => cli(["verify-fake", "bad.json", "--json"]));
      expect(verify.exitCode, output(verify)).toBe(1);
      const compared = JSON.parse(verify.stdout) as Compared;
      expect(judgedClauses(compared)).toEqual([BROKEN_CLAUSE]);
      expect(compared.differences).toContainEqual(expect.objectContaining({ clause: BROKEN_CLAUSE, kind: "verdict", a: "failed", b: "passed", judged: true }));
    });

    it("diff of the two recordings: the broken clause alone differs, judged", async () => {
      const diff = await writingOnly([], () => cli(["diff", "good.json", "bad.json", "--json"]));
      expect(diff.exitCode, diff.stdout).toBe(1);
      const compared = JSON.parse(diff.stdout) as Compared;
      expect(judgedClauses(compared)).toEqual([BROKEN_CLAUSE]);
      expect(compared.differences).toContainEqual(expect.objectContaining({ clause: BROKEN_CLAUSE, kind: "verdict", a: "passed", b: "failed", judged: true }));
    });

    it("gate, no baseline: DO NOT SHIP, for that clause, with the terminal's counts", async () => {
      const text = await writingOnly([], () => cli(["gate"]));
      expect(text.exitCode, output(text)).toBe(1);
      expect(text.stdout).toMatch(/^DO NOT SHIP: 1 clause\(s\) failed \(contract violations\)$/m);
      expect(text.stdout).not.toMatch(/^SHIP/m);
      badGate = JSON.parse((await cli(["gate", "--json"])).stdout) as GateJson;
      expect(badGate).toMatchObject({ ship: false, against: "contract", lost: 0 });
      expect(badGate.outcomes).toEqual(badCounts);
      expect(badGate.rows.map((r) => [r.clause, r.current])).toEqual([[BROKEN_CLAUSE, "failed"]]);
      expect(badGate.notJudgedHere.map((g) => g.key).sort()).toEqual(ENVIRONMENT_KEYS);
      // Allure's releaseGate said the gate's own reasons
      const release = Object.values(JSON.parse(await reportFile(at("reports/allure-report"), "widgets/quality-gate.json")) as Record<string, { rule: string; message: string }[]>).flat().find((g) => g.rule === "releaseGate")!;
      for (const reason of badGate.reasons) expect(release.message).toContain(reason);
    });

    it("gate --baseline KEY --dir (the passing build's baseline): DO NOT SHIP, the clause regressed", async () => {
      const text = await writingOnly([], () => cli(["gate", "--baseline", "0.5.1.13", "--dir", "baselines"]));
      expect(text.exitCode, output(text)).toBe(1);
      expect(text.stdout).toMatch(/^DO NOT SHIP: 1 clause\(s\) regressed/m);
      const json = JSON.parse((await cli(["gate", "--baseline", "0.5.1.13", "--dir", "baselines", "--json"])).stdout) as GateJson;
      expect(json).toMatchObject({ ship: false, outcomes: badCounts });
      expect(json.rows).toEqual([expect.objectContaining({ clause: BROKEN_CLAUSE, change: "regressed", baseline: "passed", current: "failed" })]);
      expect(json.counts.unchanged).toBe(CATALOGUE.length - 1);
    });
  });

  describe("the matrix of both builds", () => {
    it("matrix --installed A --installed B: compat.json and compat.html ship the passing build alone, with the gate's reasons and the runs' counts", { timeout: 300_000 }, async () => {
      const run = await writingOnly(["matrix", "home"], () => cli(["matrix", "--installed", at("bin-good/ego-browser"), "--installed", at("bin-bad/ego-browser"), "--no-slow", "--no-allure", "--out", "matrix", "--json"], 280_000));
      // not clean: a clause failed
      expect(run.exitCode, run.stderr).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ clean: false });
      const compat = parseCompatJson(await readFile(at("matrix/compat.json"), "utf8"));
      const target = (bin: string) => compat.targets.find((t) => t.targetName === at(bin, "ego-browser"))!;
      const [goodTarget, badTarget] = [target("bin-good"), target("bin-bad")];
      expect(goodTarget).toMatchObject({ availability: "ran", kind: "installed", egoVersion: "0.5.1.13" });
      expect(badTarget).toMatchObject({ availability: "ran", kind: "installed", egoVersion: "0.5.1.13" });
      expect(compat.gate).toEqual({ against: "the contract", ship: [goodTarget.key] });
      expect(goodTarget.gate).toMatchObject({ ship: true, reasons: [], blocking: 0, lost: 0, notJudgedHere: good.totals["not-applicable"] });
      expect(badTarget.gate).toMatchObject({ ship: false, reasons: badGate.reasons, blocking: badGate.rows.length, lost: 0, notJudgedHere: badCounts["not-applicable"] });
      const scoreCounts = (t: CompatJson["targets"][number]) => ({ passed: t.score.passed, failed: t.score.failed, broken: t.score.broken, unknown: t.score.unknown, notApplicable: t.score.notApplicable, unspecified: t.score.unspecified.observed });
      const runCounts = (c: Counts) => ({ passed: c.passed, failed: c.failed, broken: c.broken, unknown: c.unknown, notApplicable: c["not-applicable"], unspecified: c.unspecified });
      expect(scoreCounts(goodTarget)).toEqual(runCounts(good.totals));
      expect(scoreCounts(badTarget)).toEqual(runCounts(badCounts));
      // each column holds its build's run, clause by clause
      const column = (key: string) => Object.fromEntries(compat.clauses.map((c) => [c.id, c.cells[key]!.status]));
      expect(column(goodTarget.key)).toEqual(Object.fromEntries(good.clauses.map((c) => [c.id, c.status])));
      expect(Object.entries(column(badTarget.key)).filter(([id, s]) => s !== column(goodTarget.key)[id])).toEqual([[BROKEN_CLAUSE, "failed"]]);

      // the page renders the same data: the same gate per target, and NOT CLEAN for the one failing cell
      const html = await readFile(at("matrix/compat.html"), "utf8");
      const data = /<script type="application\/json" id="compat-data">([\s\S]*?)<\/script>/.exec(html);
      expect(data).not.toBeNull();
      const shown = JSON.parse(data![1]!) as { compat: CompatJson; verdict: { clean: boolean; failingCells: { clause: string; target: string; status: string }[] } };
      expect(shown.compat.gate).toEqual(compat.gate);
      expect(shown.compat.targets.map((t) => [t.key, t.gate])).toEqual(compat.targets.map((t) => [t.key, t.gate]));
      expect(shown.verdict).toMatchObject({ clean: false, failingCells: [{ clause: BROKEN_CLAUSE, target: badTarget.key, status: "failed" }] });

      // gate --outcomes on each column's outcomes says what compat says
      for (const [t, ship] of [[goodTarget, true], [badTarget, false]] as const) {
        const gate = await writingOnly([], () => cli(["gate", "--outcomes", `matrix/compat-outcomes/${t.key}.json`, "--json"]));
        expect(gate.exitCode).toBe(ship ? 0 : 1);
        expect(JSON.parse(gate.stdout)).toMatchObject({ ship, reasons: t.gate!.reasons, outcomes: ship ? good.totals : badCounts });
      }
    });
  });
});
