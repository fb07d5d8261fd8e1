// The long-lived runner (src/run/runner.ts): targets one after another in one vitest, each with
// its own environment and results directory. A target whose worker dies mid-file (what a crashing
// in-process fake takes with it) changes nothing of the targets before and after it.
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClauseRunner } from "../../src/run/runner.js";
import { vitestPhases } from "../../src/run/vitest-phases.js";
import { RESULTS_DIR_ENV } from "../../src/harness/run-config.js";
import { readResults, type TestResult } from "../../src/report/results-reader.js";
import { tempDir } from "../support/temp-dir.js";

const FIXTURE = resolve(import.meta.dirname, "fixtures/runner");
const WORKERS = 2;
const phase = vitestPhases(false, undefined, [], WORKERS)[0]!;

/** name -> [status, the target its worker was started for] */
function byName(results: readonly TestResult[]): Record<string, [string, string | undefined]> {
  return Object.fromEntries(results.map((r) => [r.name, [r.status, r.labels.find((l) => l.name === "fixture-target")?.value]]));
}

async function runTargetIn(runner: ClauseRunner, name: string, extra: Record<string, string> = {}, of = phase): Promise<{ results: TestResult[]; unhandledErrors: number }> {
  const resultsDir = join(await tempDir(`runner-${name}`), "results");
  const { unhandledErrors } = await runner.runPhase(of, { areas: ["one"] }, { RUNNER_FIXTURE_TARGET: name, [RESULTS_DIR_ENV]: resultsDir, ...extra });
  return { results: await readResults(resultsDir), unhandledErrors };
}

const PROCESS_EVENTS = ["SIGINT", "SIGTERM", "exit", "unhandledRejection"] as const;

describe("a runner in the CLI's process", () => {
  it("leaves its signals and unhandled rejections to the CLI (vitest would exit the process on them)", async () => {
    const before = PROCESS_EVENTS.map((e) => process.listeners(e as "SIGINT"));
    const runner = await ClauseRunner.start({ maxWorkers: 1, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE });
    try {
      PROCESS_EVENTS.forEach((e, i) => expect(process.listeners(e as "SIGINT"), e).toEqual(before[i]));
    } finally {
      await runner.close();
    }
  }, 60_000);

  it("has none of vitest's handlers while it starts either (a Ctrl-C while vitest loads its config is the CLI's)", async () => {
    const before = PROCESS_EVENTS.map((e) => process.listeners(e as "SIGINT"));
    const starting = ClauseRunner.start({ maxWorkers: 1, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE });
    try {
      PROCESS_EVENTS.forEach((e, i) => expect(process.listeners(e as "SIGINT"), e).toEqual(before[i]));
    } finally {
      await (await starting).close();
    }
  }, 60_000);
});

describe("one runner, many targets", () => {
  let runner: ClauseRunner;
  beforeAll(async () => {
    runner = await ClauseRunner.start({ maxWorkers: WORKERS, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE });
  });
  afterAll(async () => {
    await runner?.close();
  });

  const runTarget = (name: string, extra: Record<string, string> = {}) => runTargetIn(runner, name, extra);

  it.each(["mid-file", "loading"])("a target that crashes (%s) changes neither the one before nor the one after it", async (when) => {
    const exitCode = process.exitCode;
    const before = await runTarget("a");
    const crashed = await runTarget("b", { RUNNER_FIXTURE_CRASH: when });
    const after = await runTarget("c");

    expect(byName(before.results)).toEqual({ first: ["passed", "a"], second: ["passed", "a"], third: ["passed", "a"] });
    expect(byName(after.results)).toEqual({ first: ["passed", "c"], second: ["passed", "c"], third: ["passed", "c"] });
    expect(before.unhandledErrors).toBe(0);
    expect(after.unhandledErrors).toBe(0);
    // the crashed target: the crash reported, its own results only (those its dead worker never
    // reported carry no label), the crashed file's tests not passed, its other file passed
    expect(crashed.unhandledErrors).toBeGreaterThan(0);
    const crashedByName = byName(crashed.results);
    for (const [, target] of Object.values(crashedByName)) expect(["b", undefined]).toContain(target);
    expect(crashedByName.second?.[0] ?? "no result").not.toBe("passed");
    expect(crashedByName.first?.[0] ?? "no result").not.toBe("passed");
    expect(crashedByName.third).toEqual(["passed", "b"]);
    // nothing of a target's environment stays in this process, nor the failure in its exit code
    expect(process.env.RUNNER_FIXTURE_TARGET).toBeUndefined();
    expect(process.env.RUNNER_FIXTURE_CRASH).toBeUndefined();
    expect(process.exitCode).toBe(exitCode);
  }, 120_000);

  it("two runners in one process run targets side by side, each with its own environment", async () => {
    const other = await ClauseRunner.start({ maxWorkers: WORKERS, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE });
    try {
      const [x, y] = await Promise.all([runTarget("x"), runTargetIn(other, "y")]);
      expect(byName(x.results)).toEqual({ first: ["passed", "x"], second: ["passed", "x"], third: ["passed", "x"] });
      expect(byName(y.results)).toEqual({ first: ["passed", "y"], second: ["passed", "y"], third: ["passed", "y"] });
    } finally {
      await other.close();
    }
  }, 120_000);

  it("runs only the fake's phase, with any number of workers; others go as a child", () => {
    for (const workers of [1, WORKERS, WORKERS + 1]) expect(runner.accepts(vitestPhases(false, undefined, [], workers)[0]!)).toBe(true);
    for (const installed of vitestPhases(true, 3, ["suites/x/a.serial.test.ts"])) expect(runner.accepts(installed)).toBe(false);
  });

  it("runs each phase with the phase's own workers, not the ones it started with", async () => {
    const threads = async (workers: number) => {
      const { results } = await runTargetIn(runner, `workers-${workers}`, {}, vitestPhases(false, undefined, [], workers)[0]!);
      // the fixture's thread id (allure-vitest adds a "thread" label of its own, a name)
      return new Set(results.flatMap((r) => r.labels.filter((l) => l.name === "thread" && /^\d+$/.test(l.value)).map((l) => l.value)));
    };
    // the target's two files: in one worker one after the other, or in two side by side
    expect((await threads(1)).size).toBe(1);
    expect((await threads(WORKERS)).size).toBe(2);
    expect((await threads(1)).size).toBe(1);
  }, 60_000);
});

// One worker, as a matrix slot runs: after a crash mid-file the target's other file may never run.
// vitest keeps a record per file path from run to run, and a file queued but never run reported the
// previous target's record as the crashed target's (seen once in 13 runs of the crash test above
// with one worker, under load; rare, so the rounds below guard the rule more than they provoke it):
// a result of another target must never appear, and the other file is the crashed target's or absent.
describe("one runner of one worker, many targets", () => {
  const single = vitestPhases(false, undefined, [], 1)[0]!;
  let runner: ClauseRunner;
  beforeAll(async () => {
    runner = await ClauseRunner.start({ maxWorkers: 1, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE });
  });
  afterAll(async () => {
    await runner?.close();
  });

  it.each([1, 2, 3, 4])("a target whose worker crashes mid-file reports nothing of the target before it (round %i)", async () => {
    const before = await runTargetIn(runner, "a", {}, single);
    const crashed = await runTargetIn(runner, "b", { RUNNER_FIXTURE_CRASH: "mid-file" }, single);
    expect(byName(before.results)).toEqual({ first: ["passed", "a"], second: ["passed", "a"], third: ["passed", "a"] });
    const crashedByName = byName(crashed.results);
    for (const [, target] of Object.values(crashedByName)) expect(["b", undefined]).toContain(target);
    expect([undefined, ["passed", "b"]]).toContainEqual(crashedByName.third);
  }, 120_000);
});
