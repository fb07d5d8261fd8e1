// Every wait has a bound: the process's own exit plus a timer, never its output streams. Each
// launcher misbehaves in one way (fake-bridge/bin launcher options): it leaves a child in its own
// session holding stdout and stderr, it hangs, it floods its output, or it dies mid-session.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonSummary } from "../cli/run-cli.js";
import { createCliTarget } from "../../src/targets/cli/cli-target.js";
import { runOneShotProbe } from "../../src/targets/cli/cli-one-shot.js";
import { agentSpace, cliEnv, deadPid, egoConformance, harnessSpaces, worldLedger, worldsClosedAfterAll, type InstalledWorld } from "./support.js";
import { tempDir } from "../support/temp-dir.js";
import { expectEscapes } from "../support/leak-check.js";

const world = worldsClosedAfterAll();

/** The children a background-child launcher left (killed after the tests: they are not in any group of ours). */
const leftBehind: string[] = [];
afterAll(async () => {
  for (const file of leftBehind) {
    const pids = (await readFile(file, "utf8").catch(() => "")).split("\n").filter(Boolean).map(Number);
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
  }
});

function backgroundChildren(w: InstalledWorld): string {
  const file = join(w.installed.config.workDir, "..", "background-children");
  leftBehind.push(file);
  // the launcher's child leaves with setsid on purpose: out of the harness's reach by design, so
  // the leak check leaves out exactly those pids (everything else the run started still counts)
  expectEscapes(file);
  return file;
}

function cliTarget(w: InstalledWorld, options: { probeTimeoutMs: number; processTimeoutMs?: number }) {
  return createCliTarget({
    cliPath: w.installed.cliPath,
    share: false,
    prewarm: 0,
    probeTimeoutMs: options.probeTimeoutMs,
    processTimeoutMs: options.processTimeoutMs ?? options.probeTimeoutMs,
    info: { kind: "installed", name: w.installed.cliPath, egoVersion: null, egoVersionText: null, versionSource: "test", features: new Set(), capabilities: new Set() },
  });
}

describe("a launcher that leaves a background child holding stdout and stderr", () => {
  it("detect ends within the probe timeout plus 2 s (beyond what detect takes with a well-behaved launcher)", { timeout: 120_000 }, async () => {
    // the CLI's own start (tsx) and detection take seconds on a loaded machine: measured, not assumed
    const plain = await world();
    let started = Date.now();
    expect((await egoConformance(["detect", "--ego-browser", plain.installed.cliPath, "--probe-timeout", "3000", "--json"], { env: cliEnv(plain), timeoutMs: 50_000 })).exitCode).toBe(0);
    const baseline = Date.now() - started;

    const w = await world({ install: { backgroundChildMs: 120_000 } });
    started = Date.now();
    const detect = await egoConformance(["detect", "--ego-browser", w.installed.cliPath, "--probe-timeout", "3000", "--json"], { env: cliEnv(w), timeoutMs: 100_000 });
    const elapsed = Date.now() - started;
    expect(detect.timedOut).toBe(false);
    expect(detect.exitCode, detect.stderr).toBe(0);
    expect(JSON.parse(detect.stdout)).toMatchObject({ version: { source: "getBrowserVersion" } });
    expect(elapsed).toBeLessThan(baseline + 3000 + 2000);
    expect((await readFile(backgroundChildren(w), "utf8")).trim()).not.toBe(""); // the child really was left
  });

  it("a one-shot probe and a session end within the probe timeout plus 2 s", { timeout: 60_000 }, async () => {
    const w = await world({ install: { backgroundChildMs: 120_000 } });
    backgroundChildren(w);
    let started = Date.now();
    const one = await runOneShotProbe({ cliPath: w.installed.cliPath, timeoutMs: 3000 }, async (p) => p.ego.getBrowserVersion!());
    expect(one.value).toMatchObject({ currentVersion: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(3000 + 2000);

    const target = cliTarget(w, { probeTimeoutMs: 3000 });
    started = Date.now();
    const session = await target.openSession();
    expect(await session.evaluate(async (p) => typeof p.ego.listTaskSpaces)).toBe("function");
    await session.close();
    await target.close();
    expect(Date.now() - started).toBeLessThan(3000 + 2000);
  });

  it("a run passes and cleans up", { timeout: 120_000 }, async () => {
    const w = await world({ install: { backgroundChildMs: 120_000 } });
    backgroundChildren(w);
    const run = await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--probe-timeout", "5000", "--area", "task-state", "--json", "--no-report", "--results", await tempDir("bg-run")], { env: cliEnv(w), timeoutMs: 110_000 });
    expect(run.timedOut).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as JsonSummary).passed).toBe(true);
    expect(await harnessSpaces(w.operator)).toEqual([]);
  });
});

describe("a launcher that hangs", () => {
  it("a session start ends within its bound plus 2 s, the process group killed", { timeout: 30_000 }, async () => {
    const w = await world({ install: { hang: true } });
    const target = cliTarget(w, { probeTimeoutMs: 2000 });
    const started = Date.now();
    const session = await target.openSession();
    await expect(session.evaluate(async () => 1)).rejects.toThrow(/did not start the probe loop within 2000 ms; its process group was killed/);
    expect(Date.now() - started).toBeLessThan(2000 + 2000);
    await session.close();
    await target.close();
  });
});

describe("a launcher that floods its output", () => {
  it("answers its probes, keeps a bounded tail of the output, and ends in bounded time", { timeout: 30_000 }, async () => {
    const w = await world({ install: { flood: true } });
    const target = cliTarget(w, { probeTimeoutMs: 5000 });
    const started = Date.now();
    const session = await target.openSession();
    for (let i = 0; i < 20; i++) expect(await session.evaluate(async (p, i) => (await p.ego.listTaskSpaces(), i), i)).toBe(i);
    const diagnostics = session.diagnostics!();
    expect(diagnostics).toMatch(/flood flood/);
    expect(diagnostics.length).toBeLessThan(20_000);
    await session.close();
    await target.close();
    expect(Date.now() - started).toBeLessThan(5000 + 2000);
    const one = await runOneShotProbe({ cliPath: w.installed.cliPath, timeoutMs: 5000 }, async () => "framed through the flood");
    expect(one.value).toBe("framed through the flood");
  });
});

describe("a launcher that dies mid-session", () => {
  it("the probe under way fails at once, saying how the process ended, not at the probe timeout", { timeout: 30_000 }, async () => {
    const w = await world({ install: { dieAfterMs: 1500 } });
    const target = cliTarget(w, { probeTimeoutMs: 20_000 });
    const session = await target.openSession();
    expect(await session.evaluate(async () => "alive")).toBe("alive");
    const started = Date.now();
    // window: no wait of the test: the probe's 10 s sleep is what the 1.5 s bound must cut short
    await expect(session.evaluate(async (p) => p.sleep(10_000))).rejects.toThrow(/ended mid-session \(exit status none, signal SIGKILL\)/);
    expect(Date.now() - started).toBeLessThan(1500 + 2000);
    await session.close();
    await target.close();
  });
});

describe("a slow browser (every call 2 s late)", () => {
  it("sweep closes every left-over space, one per probe, each within its own bound", { timeout: 300_000 }, async () => {
    const planFile = join(await tempDir("slow-plan"), "plan.json");
    await writeFile(planFile, JSON.stringify({ seed: 1, faults: [{ kind: "latency", probability: 1, baseMs: 2000, jitterMs: 0 }] }));
    const w = await world({ app: { infraFaults: planFile } });
    // eight spaces a run left behind (its process is gone), recorded in the ledger
    const run = "20250101-000000-5105f0";
    const ledger = worldLedger(w.home);
    ledger.startRun(run, await deadPid());
    const names = Array.from({ length: 8 }, (_, i) => `ego-conformance ${run} slow.clause space-${i + 1}`);
    for (const name of names) ledger.recorder(run).name(name);
    // made side by side: each is its own invocation, and every call of each one is 2 s late
    await Promise.all(names.map((name) => agentSpace(w.installed.cliPath, name)));
    expect(await harnessSpaces(w.operator)).toHaveLength(8);
    // one probe for all eight would need about 8 x 6 s: far beyond the 20 s bound of a probe
    const swept = await egoConformance(["sweep", "--ego-browser", w.installed.cliPath, "--yes", "--probe-timeout", "20000"], { env: cliEnv(w), timeoutMs: 280_000 });
    expect(swept.exitCode, swept.stdout + swept.stderr).toBe(0);
    expect(swept.stdout).toMatch(/Closed 8 of 8\./);
    expect(await harnessSpaces(w.operator)).toEqual([]);
  });
});
