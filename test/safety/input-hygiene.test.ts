// Bad input files, through the CLI as a user meets them:
// every input file that is a FIFO, a directory or corrupt ends the command with exit 2 within a
// bound, a message naming the file, no stack trace, and nothing written. Each test failed before
// its fix (the FIFO ones by hanging until their bound).
import { execa } from "execa";
import { lstat, mkdir, readdir, readFile, stat, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runCli, STACK_LINE } from "../cli/run-cli.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "../installed/support.js";
import { tempDir } from "../support/temp-dir.js";
import { writeResultsDir } from "../matrix/helpers.js";
import { runTargets } from "../../src/matrix/run-targets.js";
import { makePlan } from "../../src/matrix/plan.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { selectionOf } from "../../src/matrix/merge.js";
import { outcomesFixture } from "./outcomes-fixture.js";

/** a command that hangs on its input is ended here: well above a CLI's start (~1-3 s on a loaded machine) */
const BOUND_MS = 45_000;
const world = worldsClosedAfterAll();
// a test's own bound: BOUND_MS per command it runs, and two commands in some
vi.setConfig({ testTimeout: 3 * BOUND_MS });

async function fifo(dir: string, name = "fifo"): Promise<string> {
  const path = join(dir, name);
  await execa("mkfifo", [path]);
  return path;
}

/** exit 2 within the bound, the file named, no stack trace */
function expectRefusal(result: { exitCode?: number; timedOut: boolean; stderr: string }, file: string): void {
  expect(result.timedOut, "the command hung on its input").toBe(false);
  expect(result.exitCode, result.stderr).toBe(2);
  expect(result.stderr).toContain(file);
  expect(result.stderr).not.toMatch(STACK_LINE);
}

async function outcomesFile(dir: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const file = join(dir, `outcomes-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify({ ...outcomesFixture(), ...overrides }));
  return file;
}

describe("an input file that is a FIFO ends the command (exit 2, naming it) instead of hanging it", () => {
  it("gate --baseline FIFO", async () => {
    const dir = await tempDir("fifo-gate");
    const pipe = await fifo(dir);
    expectRefusal(await runCli(["gate", "--baseline", pipe, "--outcomes", await outcomesFile(dir)], { timeoutMs: BOUND_MS }), pipe);
  });
  it("baseline save --outcomes FIFO", async () => {
    const dir = await tempDir("fifo-save");
    const pipe = await fifo(dir);
    expectRefusal(await runCli(["baseline", "save", "--outcomes", pipe, "--dir", join(dir, "baselines")], { timeoutMs: BOUND_MS }), pipe);
    await expect(stat(join(dir, "baselines"))).rejects.toThrow();
  });
  it("expectations lint FIFO", async () => {
    const pipe = await fifo(await tempDir("fifo-lint"));
    expectRefusal(await runCli(["expectations", "lint", pipe], { timeoutMs: BOUND_MS }), pipe);
  });
  it("run --expectations FIFO and run --infra-faults FIFO, before anything runs", async () => {
    const dir = await tempDir("fifo-run");
    const pipe = await fifo(dir);
    for (const flag of ["--expectations", "--infra-faults"]) {
      const results = join(dir, `results${flag}`);
      expectRefusal(await runCli(["run", flag, pipe, "--results", results, "--no-report", "--outcomes", join(dir, "o.json")], { timeoutMs: BOUND_MS }), pipe);
      await expect(stat(results)).rejects.toThrow();
    }
  });
  it("report --merge with a bundle.json that is a FIFO", async () => {
    const dir = await tempDir("fifo-merge");
    await mkdir(join(dir, "bundle"));
    const pipe = await fifo(join(dir, "bundle"), "bundle.json");
    const out = join(dir, "out");
    expectRefusal(await runCli(["report", "--merge", join(dir, "bundle"), "--out", out], { timeoutMs: BOUND_MS }), pipe);
    await expect(stat(out)).rejects.toThrow();
  });
  it("sweep with a ledger that is a FIFO and run --target installed with one", async () => {
    const w = await world();
    const pipe = await fifo(w.root, "ledger.jsonl");
    const env = cliEnv(w, { EGO_CONFORMANCE_LEDGER: pipe });
    expectRefusal(await egoConformance(["sweep", "--ego-browser", w.installed.cliPath], { env, timeoutMs: BOUND_MS }), pipe);
    const results = join(w.root, "results");
    expectRefusal(await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "browser-version", "--no-report", "--results", results, "--outcomes", join(w.root, "o.json")], { env, timeoutMs: BOUND_MS }), pipe);
    await expect(stat(results)).rejects.toThrow();
    expect((await lstat(pipe)).isFIFO()).toBe(true);
  });
});

describe("a ledger that is a directory is refused, naming it", () => {
  it("sweep says which ledger, and why", async () => {
    const w = await world();
    const ledger = join(w.root, "ledger-dir");
    await mkdir(ledger);
    const result = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath], { env: cliEnv(w, { EGO_CONFORMANCE_LEDGER: ledger }), timeoutMs: BOUND_MS });
    expectRefusal(result, ledger);
    expect(result.stderr).toMatch(/directory/);
  });
});

describe("--outcomes that is a FIFO is refused before the run, and stays a FIFO", () => {
  it("run --outcomes FIFO", async () => {
    const dir = await tempDir("fifo-outcomes");
    const pipe = await fifo(dir);
    const results = join(dir, "results");
    expectRefusal(await runCli(["run", "--area", "browser-version", "--no-report", "--results", results, "--outcomes", pipe], { timeoutMs: BOUND_MS }), pipe);
    expect((await lstat(pipe)).isFIFO()).toBe(true);
    await expect(stat(results)).rejects.toThrow();
  });
});

describe("baseline save keeps to --dir whatever the outcomes' persona says", () => {
  it("refuses a persona that climbs out, and writes nothing", async () => {
    const dir = await tempDir("persona-escape");
    const victim = join(dir, "x", "evil.json");
    await mkdir(join(dir, "x"));
    await writeFile(victim, "a user's file\n");
    const baselines = join(dir, "a", "b", "c", "d");
    await mkdir(baselines, { recursive: true });
    const file = await outcomesFile(dir, { target: "fake", egoVersion: "0.5.1.13", persona: "../../../../x/evil" });
    const result = await runCli(["baseline", "save", "--outcomes", file, "--dir", baselines], { timeoutMs: BOUND_MS });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain("../../../../x/evil");
    expect(await readFile(victim, "utf8")).toBe("a user's file\n");
    expect(await readdir(baselines)).toEqual([]);
  });
});

describe("report --merge", () => {
  async function bundle(dir: string) {
    const plan = makePlan([personaTarget("current")], { areas: ["browser-version"], grep: null });
    const loaded = await runTargets({
      plan,
      shard: { index: 1, count: 1 },
      bundleDir: join(dir, "bundle"),
      runTarget: async (_spec, { resultsDir }) => {
        await writeResultsDir(resultsDir, selectionOf(plan).map((c) => ({ clause: c.id, status: "passed" as const })));
      },
    });
    return loaded.dir;
  }

  it("a truncated result names its file, and nothing is written", async () => {
    const dir = await tempDir("merge-truncated");
    const b = await bundle(dir);
    const resultsDir = (await readdir(b, { recursive: true, withFileTypes: true })).find((e) => e.name.endsWith("-result.json"))!;
    const victim = join(resultsDir.parentPath, resultsDir.name);
    await truncate(victim, 100);
    const out = join(dir, "out");
    const result = await runCli(["report", "--merge", b, "--out", out], { timeoutMs: 90_000 });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain(victim);
    expect(result.stderr).not.toMatch(STACK_LINE);
    await expect(readdir(out)).rejects.toThrow();
  });

  it("a compat.html the harness did not write is refused, and kept", async () => {
    const dir = await tempDir("merge-user-file");
    const b = await bundle(dir);
    const out = join(dir, "out");
    await mkdir(out);
    await writeFile(join(out, "compat.html"), "<p>my own page</p>\n");
    const result = await runCli(["report", "--merge", b, "--out", out, "--no-allure"], { timeoutMs: 90_000 });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain(join(out, "compat.html"));
    expect(await readFile(join(out, "compat.html"), "utf8")).toBe("<p>my own page</p>\n");
    expect(await readdir(out)).toEqual(["compat.html"]);
    // its own output it replaces
    const fresh = join(dir, "fresh");
    expect((await runCli(["report", "--merge", b, "--out", fresh, "--no-allure"], { timeoutMs: 90_000 })).exitCode).toBe(0);
    const again = await runCli(["report", "--merge", b, "--out", fresh, "--no-allure"], { timeoutMs: 90_000 });
    expect(again.exitCode, again.stderr).toBe(0);
  });
});

describe("the same bad file, the same answer", () => {
  it("expectations lint null.json exits 2 as run --expectations null.json does", async () => {
    const dir = await tempDir("null-json");
    const file = join(dir, "null.json");
    await writeFile(file, "null\n");
    const lint = await runCli(["expectations", "lint", file], { timeoutMs: BOUND_MS });
    const run = await runCli(["run", "--expectations", file, "--no-report", "--results", join(dir, "r"), "--outcomes", join(dir, "o.json")], { timeoutMs: BOUND_MS });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(lint.exitCode, lint.stderr + lint.stdout).toBe(2);
    expect(lint.stderr).toContain(file);
  });
  it("an unknown command points at `ego-conformance help`, not `help help`", async () => {
    const result = await runCli(["bogus"], { timeoutMs: BOUND_MS });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("see `ego-conformance help`");
    expect(result.stderr).not.toContain("help help");
  });
});
