// A runner that keeps its worker threads from one target to the next (src/run/kept-threads.ts):
// the thread and its loaded modules are reused, and nothing of a target's environment, module
// state or crash reaches the next one; a thread whose target timed out or crashed is not reused.
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

type Labels = Record<string, string | undefined>;

function labelsOf(results: readonly TestResult[], name: string): Labels {
  const result = results.find((r) => r.name === name);
  if (!result) throw new Error(`no result named ${name}`);
  return { status: result.status, ...Object.fromEntries(result.labels.map((l) => [l.name, l.value])) };
}

async function runTarget(runner: ClauseRunner, area: string, name: string, extra: Record<string, string> = {}): Promise<{ results: TestResult[]; unhandledErrors: number }> {
  const resultsDir = join(await tempDir(`kept-${name}`), "results");
  const { unhandledErrors } = await runner.runPhase(phase, { areas: [area] }, { RUNNER_FIXTURE_TARGET: name, [RESULTS_DIR_ENV]: resultsDir, ...extra });
  return { results: await readResults(resultsDir), unhandledErrors };
}

describe.each([
  ["keeps its workers", true],
  ["does not keep its workers", false],
])("a runner that %s", (_name, keepWorkers) => {
  let runner: ClauseRunner;
  beforeAll(async () => {
    runner = await ClauseRunner.start({ maxWorkers: WORKERS, config: join(FIXTURE, "vitest.config.ts"), root: FIXTURE, keepWorkers });
  });
  afterAll(async () => {
    await runner?.close();
  });

  it("gives a target nothing of an earlier target's environment or harness state", async () => {
    const first = labelsOf((await runTarget(runner, "kept", "first", { RUNNER_FIXTURE_EARLIER_ONLY: "1" })).results, "state");
    const second = labelsOf((await runTarget(runner, "kept", "second")).results, "state");

    expect(first).toMatchObject({ status: "passed", target: "first", "earlier-only": "1", judged: "none" });
    expect(second).toMatchObject({ status: "passed", target: "second", "earlier-only": "unset", judged: "none" });
    // the thread and the module it loaded are the first target's when kept, new otherwise
    expect(second.thread === first.thread).toBe(keepWorkers);
    expect(second.module === first.module).toBe(keepWorkers);
  }, 120_000);

  it("tears down every target's file fixtures, in a kept thread's later targets too", async () => {
    const seen = [];
    for (const name of ["fixtures-1", "fixtures-2", "fixtures-3"]) seen.push(labelsOf((await runTarget(runner, "fixtures", name)).results, "teardowns"));
    for (const labels of seen) expect(labels).toMatchObject({ status: "passed", resource: "resource" });
    // a kept thread counts the teardowns of its earlier targets' files; a new thread has none
    expect(seen.map((l) => l["torn-down"])).toEqual(keepWorkers ? ["0", "1", "2"] : ["0", "0", "0"]);
    expect(new Set(seen.map((l) => l.thread)).size === 1).toBe(keepWorkers);
  }, 120_000);

  it("reuses no thread whose target ran out of time", async () => {
    const hung = labelsOf((await runTarget(runner, "kept", "hung", { RUNNER_FIXTURE_HANG: "1" })).results, "state");
    const after = labelsOf((await runTarget(runner, "kept", "after-hung")).results, "state");
    const later = labelsOf((await runTarget(runner, "kept", "later")).results, "state");

    expect(hung).toMatchObject({ target: "hung" });
    expect(hung.status).not.toBe("passed");
    expect(after).toMatchObject({ status: "passed", target: "after-hung", judged: "none" });
    expect(after.thread).not.toBe(hung.thread);
    expect(after.module).not.toBe(hung.module);
    // a clean target's thread is kept again
    expect(later.thread === after.thread).toBe(keepWorkers);
  }, 120_000);

  it("gives the target after a crashed one the verdicts it has alone", async () => {
    const before = await runTarget(runner, "one", "a");
    const crashed = await runTarget(runner, "one", "b", { RUNNER_FIXTURE_CRASH: "mid-file" });
    const after = await runTarget(runner, "one", "c");

    for (const [run, target] of [[before, "a"], [after, "c"]] as const) {
      expect(run.unhandledErrors).toBe(0);
      for (const name of ["first", "second", "third"]) expect(labelsOf(run.results, name)).toMatchObject({ status: "passed", "fixture-target": target });
    }
    expect(crashed.unhandledErrors).toBeGreaterThan(0);
    expect(labelsOf(crashed.results, "third")).toMatchObject({ status: "passed", "fixture-target": "b" });
    // no thread of the crashed target serves the next one, not even the one its crash spared
    const spared = labelsOf(crashed.results, "third").thread;
    for (const name of ["first", "third"]) expect(labelsOf(after.results, name).thread).not.toBe(spared);
  }, 120_000);
});
