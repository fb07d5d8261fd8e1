// The run library's phases in-process, without vitest or a target: plan from typed options,
// collect (the results directory read once), judge (in memory), write (the judged files back).
import { readdirSync } from "node:fs";
import { cp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { applyExpectations, parseExpectations } from "../../src/expectations/index.js";
import { markFlakyResults } from "../../src/retries/flaky-results.js";
import { collectTarget } from "../../src/matrix/collect.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { LABEL } from "../../src/labels/labels.js";
import { readResults } from "../../src/report/results-reader.js";
import { summarize } from "../../src/report/summary.js";
import { collectResults, defaultRunOptions, judgeResults, planRun, resultsOf, RunInputError, FAKE_WORKERS, MODEL_FILES_PER_WORKER, PROJECT_ROOT, SERIAL_FILES, selectedBy, selectedFor, type RunOptions } from "../../src/run/index.js";
import { failedSoFar } from "../../src/run/guard-step.js";
import { INVARIANCE_CLAUSE_ID } from "../../src/safety/invariance.js";
import { writeResultFiles } from "../../src/run/write.js";
import { writeResultsDir } from "../matrix/helpers.js";
import { tempDir } from "../support/temp-dir.js";

const [a, b, c, d] = CATALOGUE.filter((cl) => cl.area === CATALOGUE[0]!.area && cl.unspecified === undefined);
const selected = (cl: { id: string }) => [a, b, c, d].some((x) => x!.id === cl.id);
const expectations = parseExpectations(
  { entries: [{ clause: b!.id, expected: ["failed"], reason: "a reason for the test", bug: "https://bugs.example.test/1", owner: "alice", expires: "2099-12-31" }, { clause: c!.id, expected: ["failed"], reason: "fixed since", bug: "https://bugs.example.test/2", owner: "alice", expires: "2099-12-31" }] },
  "expectations.json",
);

/** A run's results: a pass, an expected failure, an expected failure that now passes, a flaky pass. */
async function resultsDir(name: string): Promise<string> {
  return writeResultsDir(join(await tempDir(name), "results"), [
    { clause: a!.id, status: "passed" },
    { clause: b!.id, status: "failed", message: "expected EGO_X" },
    { clause: c!.id, status: "passed" },
    { clause: d!.id, status: "passed", labels: { [LABEL.outcome]: "flaky", [LABEL.infraRetried]: "EPIPE" } },
  ]);
}

async function filesOf(dir: string): Promise<Record<string, string>> {
  const names = (await readdir(dir)).filter((n) => n.endsWith("-result.json")).sort();
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(join(dir, n), "utf8")] as const)));
}

describe("collect", () => {
  it("reads the results directory once: judging, the summary and the matrix column need nothing more from it", async () => {
    const dir = await resultsDir("collect-once");
    const collection = await collectResults(dir);
    const onDisk = summarize(await readResults(dir), CATALOGUE, { selected });
    // every result file and the environment gone: what follows can only come from the collection
    for (const name of await readdir(dir)) await rm(join(dir, name));
    expect(summarize(resultsOf(collection), CATALOGUE, { selected })).toEqual(onDisk);
    expect(collection.environment.get("run id")).toBe("20261130-000000-abcdef");
    const judged = judgeResults(collection, { selected }, { interrupted: null, unreachable: false });
    expect(judged.summary.clauses.map((cl) => cl.status)).toEqual(onDisk.clauses.map((cl) => cl.status));
    const column = collectTarget(personaTarget("current"), { results: collection, summary: judged.summary }, CATALOGUE, selected, { runId: null, startedAt: "s", finishedAt: "f", shard: { index: 1, count: 1 } });
    expect(column.runId).toBe("20261130-000000-abcdef");
    expect(Object.keys(column.cells)).toEqual([a, b, c, d].map((x) => x!.id));
  });
});

describe("judge and write", () => {
  it("write the same result files as applying the expectations and marking flaky results on disk did", async () => {
    const dir = await resultsDir("judge-same");
    const before = join(await tempDir("judge-before"), "results");
    await cp(dir, before, { recursive: true });

    const collection = await collectResults(dir);
    const judged = judgeResults(collection, { selected, expectations }, { interrupted: null, unreachable: false });
    await writeResultFiles(judged.changed);

    const byDisk = await applyExpectations(before, expectations, { catalogue: CATALOGUE, selected });
    const flakyByDisk = await markFlakyResults(before);
    expect(await filesOf(dir)).toEqual(await filesOf(before));
    const inDir = (value: unknown, from: string) => JSON.parse(JSON.stringify(value).replaceAll(from, "DIR")) as unknown;
    expect(inDir(judged.expectations, dir)).toEqual(inDir(byDisk, before));
    expect(judged.flaky?.map((r) => r.name)).toEqual(flakyByDisk.map((r) => r.name));
    expect(inDir(judged.summary, dir)).toEqual(inDir(summarize(await readResults(before), CATALOGUE, { selected }), before));
    expect(Object.fromEntries(judged.summary.clauses.map((cl) => [cl.id, cl.status]))).toEqual({ [a!.id]: "passed", [b!.id]: "known", [c!.id]: "failed", [d!.id]: "flaky" });
    expect(judged.changed).toHaveLength(3);
  });

  it("leave the expectations out of an interrupted run, and judge nothing of an unreachable one", async () => {
    const interrupted = judgeResults(await collectResults(await resultsDir("judge-int")), { selected, expectations }, { interrupted: "SIGINT", unreachable: false });
    expect(interrupted.expectations).toBeUndefined();
    expect(interrupted.summary.clauses.find((cl) => cl.id === b!.id)!.status).toBe("failed");
    expect(interrupted.flaky).toHaveLength(1);
    const unreachable = judgeResults(await collectResults(await resultsDir("judge-unr")), { selected, expectations }, { interrupted: null, unreachable: true });
    expect(unreachable).toMatchObject({ changed: [] });
    expect(unreachable.flaky).toBeUndefined();
  });
});

describe("plan", () => {
  const options = async (extra: Partial<RunOptions> = {}): Promise<RunOptions> => {
    const dir = await tempDir("plan");
    return { ...defaultRunOptions(dir), report: false, outcomesFile: join(dir, "outcomes.json"), ...extra };
  };

  it("turns typed options into the selection and the vitest phases", async () => {
    const fake = await planRun(await options({ areas: [a!.area] }));
    expect(fake.phases).toEqual([{ args: ["--maxWorkers", String(FAKE_WORKERS)] }]);
    expect(CATALOGUE.filter(fake.selected)).toEqual(CATALOGUE.filter(selectedBy({ areas: [a!.area] })));
    const installed = await planRun(await options({ target: "installed" }));
    expect(installed.options.installed).toEqual({ keepOnFailure: false });
    expect(installed.phases[0]!.args).toContain(SERIAL_FILES);
    // on installed targets the safety clause is always covered
    expect(CATALOGUE.filter(installed.selected).length).toBe(CATALOGUE.length);
  });

  it("on the page model starts one worker per MODEL_FILES_PER_WORKER clause files of the selection, unless --workers says", async () => {
    const workersOf = async (extra: Partial<RunOptions>) => Number((await planRun(await options(extra))).phases[0]!.args.at(-1));
    const filesOf = (area: string) => readdirSync(join(PROJECT_ROOT, "suites", area)).filter((f) => f.endsWith(".test.ts")).length;
    const small = "task-state";
    expect(filesOf(small)).toBeLessThanOrEqual(MODEL_FILES_PER_WORKER);
    expect(await workersOf({ pages: "model", areas: [small] })).toBe(1);
    // every area: more files than one worker takes
    const all = readdirSync(join(PROJECT_ROOT, "suites")).reduce((n, area) => n + filesOf(area), 0);
    expect(all).toBeGreaterThan(MODEL_FILES_PER_WORKER);
    expect(await workersOf({ pages: "model" })).toBe(Math.min(FAKE_WORKERS, Math.ceil(all / MODEL_FILES_PER_WORKER)));
    // real pages wait on Chromium: a second file beside the first shortens the run
    expect(await workersOf({ pages: "chromium", areas: [small] })).toBe(FAKE_WORKERS);
    expect(await workersOf({ pages: "model", areas: [small], fakeWorkers: 3 })).toBe(3);
  });

  it("refuses what typed options cannot say, before anything is written", async () => {
    await expect(planRun(await options({ persona: "current", egoVersion: "0.5.0.19" }))).rejects.toThrow(RunInputError);
    await expect(planRun(await options({ persona: "nobody" }))).rejects.toThrow(/unknown persona 'nobody'/);
    await expect(planRun(await options({ egoVersion: "0.5" }))).rejects.toThrow(/must be a four-part Ego Lite version/);
    await expect(planRun(await options({ target: "installed", persona: "current" }))).rejects.toThrow(RunInputError);
    await expect(planRun(await options({ areas: ["nowhere" as never] }))).rejects.toThrow(/unknown area .nowhere./);
    const bad = join(await tempDir("plan-faults"), "plan.json");
    await writeFile(bad, "{", "utf8");
    const refused = await options({ infraFaultsFile: bad });
    await expect(planRun(refused)).rejects.toThrow(/^--infra-faults /);
    await expect(readdir(refused.resultsDir)).rejects.toThrow();
  });
});

describe("execute: --keep-on-failure", () => {
  it("judges the run before the safety clause has its result: a run whose clauses all passed is not failed", async () => {
    const plan = { selected: selectedFor({ target: "installed", areas: [a!.area] }) };
    const clauses = CATALOGUE.filter((cl) => plan.selected(cl) && cl.id !== INVARIANCE_CLAUSE_ID);
    const passing = await readResults(await writeResultsDir(join(await tempDir("keep-pass"), "r"), clauses.map((cl) => ({ clause: cl.id, status: "passed" as const })), { target: "installed" }));
    expect(failedSoFar(passing, plan.selected)).toBe(false);
    const failing = await readResults(await writeResultsDir(join(await tempDir("keep-fail"), "r"), clauses.map((cl, i) => ({ clause: cl.id, status: i === 0 ? ("failed" as const) : ("passed" as const) })), { target: "installed" }));
    expect(failedSoFar(failing, plan.selected)).toBe(true);
  });
});
