// Through the real CLI: baseline save, then gate exits 0 for a run identical to its baseline, 1 with
// a table when one clause regresses, 2 when the baseline is missing or the input unreadable.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";
import { main } from "../../src/cli/main.js";
import { tempDir } from "../support/temp-dir.js";

/** The CLI in this process (no tsx start-up): for the cases beyond the three "done when" ones. */
async function inProcess(args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const write = { out: process.stdout.write, err: process.stderr.write };
  process.stdout.write = ((chunk: string) => out.push(String(chunk)) > 0) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string) => err.push(String(chunk)) > 0) as typeof process.stderr.write;
  try {
    const exitCode = await main(args);
    return { exitCode, stdout: out.join(""), stderr: err.join("") };
  } finally {
    process.stdout.write = write.out;
    process.stderr.write = write.err;
  }
}

let dir: string;
let baselineFile: string;
let sameOutcomes: string;
let regressedOutcomes: string;
let regressedResults: string;

beforeAll(async () => {
  dir = await tempDir("gate");
  sameOutcomes = join(dir, "same.json");
  regressedOutcomes = join(dir, "regressed.json");
  regressedResults = join(dir, "regressed-results");
  // one clean run and one against a fake that breaks exactly one task-spaces rule, concurrently
  const [clean, broken] = await Promise.all([
    runCli(["run", "--area", "task-spaces", "--no-report", "--no-expectations", "--results", join(dir, "same-results"), "--outcomes", sameOutcomes]),
    runCli(["run", "--area", "task-spaces", "--no-report", "--no-expectations", "--mutant", "claim-selects", "--results", regressedResults, "--outcomes", regressedOutcomes]),
  ]);
  expect(clean.exitCode, clean.stderr).toBe(0);
  expect(broken.exitCode, broken.stderr).toBe(1);
  const save = await runCli(["baseline", "save", "--outcomes", sameOutcomes, "--dir", join(dir, "baselines"), "--json"]);
  expect(save.exitCode, save.stderr).toBe(0);
  const saved = JSON.parse(save.stdout) as { key: string; file: string };
  expect(saved.key).toBe("0.5.1.13-fake");
  baselineFile = saved.file;
  expect(baselineFile).toBe(join(dir, "baselines", "0.5.1.13-fake.json"));
}, 120_000);

describe.concurrent("ego-conformance gate", () => {
  it("exits 0 (ship) for a run identical to its baseline", async () => {
    const gate = await runCli(["gate", "--baseline", baselineFile, "--outcomes", sameOutcomes, "--min-clauses", "20"]);
    expect(gate.exitCode, gate.stderr).toBe(0);
    expect(gate.stdout).toMatch(/^SHIP: /m);
  });

  it("exits 1 with a table naming the regressed clause, its baseline and current outcome", async () => {
    const gate = await runCli(["gate", "--baseline", baselineFile, "--outcomes", regressedOutcomes]);
    expect(gate.exitCode, gate.stderr).toBe(1);
    expect(gate.stdout).toMatch(/clause\s+change\s+baseline\s+current\s+known issue/);
    expect(gate.stdout).toMatch(/task-spaces\.claim\.does-not-select\s+regressed\s+passed\s+failed/);
    expect(gate.stdout).toMatch(/^DO NOT SHIP: 1 clause\(s\) regressed/m);
  });

  it("exits 2 (cannot decide) for a missing baseline", async () => {
    const missing = await runCli(["gate", "--baseline", "9.9.9.9", "--outcomes", sameOutcomes]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/cannot decide: the baseline .*9\.9\.9\.9\.json cannot be read/);
  });
});

describe("ego-conformance gate and baseline, further cases (in process)", () => {
  it("exits 2 for an unreadable run and for usage errors", async () => {
    const garbage = join(dir, "garbage.json");
    await writeFile(garbage, "{ not json");
    expect((await inProcess(["gate", "--baseline", baselineFile, "--outcomes", garbage])).exitCode).toBe(2);
    // --dir says where --baseline's key is: alone it is a usage error
    expect((await inProcess(["gate", "--dir", dir, "--outcomes", sameOutcomes])).exitCode).toBe(2);
    expect((await inProcess(["gate", "--baseline", baselineFile, "--min-clauses", "many"])).exitCode).toBe(2);
    expect((await inProcess(["gate", "--baseline", "latest", "--outcomes", sameOutcomes])).exitCode).toBe(2);
  });

  it("without --baseline judges the contract: a run of one area does not ship, naming the clauses it left out", async () => {
    const gate = await inProcess(["gate", "--outcomes", sameOutcomes]);
    expect(gate.exitCode).toBe(1);
    expect(gate.stdout).toMatch(/^Baseline: none: the contract itself/m);
    expect(gate.stdout).toMatch(/^DO NOT SHIP: \d+ clause\(s\) are in the contract and not in this run/m);
  });

  it("calls an unreadable baseline a baseline, and the current run's file an outcomes file", async () => {
    const garbage = join(dir, "garbage-baseline.json");
    await writeFile(garbage, "{ not json");
    const baseline = await inProcess(["gate", "--baseline", garbage, "--outcomes", sameOutcomes]);
    expect(baseline.exitCode).toBe(2);
    expect(baseline.stderr).toContain(`cannot decide: the baseline ${garbage} cannot be read: baseline file ${garbage} is not JSON`);
    expect(baseline.stderr).not.toMatch(/outcomes file/);
    const current = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", garbage]);
    expect(current.stderr).toContain(`outcomes file ${garbage} is not JSON`);
  });

  it("exits 1 when the run ran fewer clauses than --min-clauses, or less than its baseline", async () => {
    const tooFew = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", sameOutcomes, "--min-clauses", "500"]);
    expect(tooFew.exitCode).toBe(1);
    expect(tooFew.stdout).toMatch(/fewer than the 500 required/);
    const outcomes = JSON.parse(await readFile(sameOutcomes, "utf8"));
    delete outcomes.clauses["task-spaces.close.removes"];
    const shorter = join(dir, "shorter.json");
    await writeFile(shorter, JSON.stringify(outcomes));
    const gate = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", shorter]);
    expect(gate.exitCode).toBe(1);
    expect(gate.stdout).toMatch(/task-spaces\.close\.removes\s+missing\s+passed\s+—/);
  });

  it("reads the current run from an Allure results directory, and answers in JSON", async () => {
    const json = await inProcess(["gate", "--baseline", baselineFile, "--results", regressedResults, "--json"]);
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ship: false,
      rows: expect.arrayContaining([expect.objectContaining({ clause: "task-spaces.claim.does-not-select", change: "regressed", baseline: "passed", current: "failed" })]),
    });
  });

  it("warns (stderr and --json) when the baseline is of another target kind or Ego Lite version", async () => {
    const outcomes = JSON.parse(await readFile(sameOutcomes, "utf8"));
    const installed = join(dir, "installed-run.json");
    await writeFile(installed, JSON.stringify({ ...outcomes, target: "installed", egoVersion: "0.5.1.14" }));
    const gate = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", installed]);
    expect(gate.stderr).toMatch(/^ego-conformance gate: warning: the baseline is of target kind fake, this run of installed$/m);
    expect(gate.stderr).toMatch(/^ego-conformance gate: warning: the baseline is of Ego Lite 0\.5\.1\.13, this run of 0\.5\.1\.14$/m);
    const json = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", installed, "--json"]);
    expect(JSON.parse(json.stdout).warnings).toHaveLength(2);
    const same = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", sameOutcomes, "--json"]);
    expect(same.stderr).not.toMatch(/warning/);
    expect(JSON.parse(same.stdout).warnings).toEqual([]);
  });

  it("gate and baseline failures are one paragraph with no stack trace", async () => {
    const missing = await inProcess(["gate", "--baseline", baselineFile, "--outcomes", join(dir, "nowhere.json")]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/^ego-conformance gate: cannot decide: .*nowhere\.json/);
    expect(missing.stderr).toMatch(/see `ego-conformance help gate`\n$/);
    expect(missing.stderr).not.toMatch(/^\s+at /m);
  });

  it("baseline save refuses a run whose Ego Lite version is unknown (exit 2)", async () => {
    const outcomes = JSON.parse(await readFile(sameOutcomes, "utf8"));
    const unknown = join(dir, "unknown-version.json");
    await writeFile(unknown, JSON.stringify({ ...outcomes, egoVersion: null }));
    const save = await inProcess(["baseline", "save", "--outcomes", unknown, "--dir", join(dir, "baselines")]);
    expect(save.exitCode).toBe(2);
    expect(save.stderr).toMatch(/stored per Ego Lite version, and this run's version is unknown/);
  });
});
