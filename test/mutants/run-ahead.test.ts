// RunAhead plans from a file's tests: a grouped kind gets one run per group, with only the keys of
// the tests that will run, and runs wider than one slot still keep within the slots.
import { describe, expect, it } from "vitest";
import type { RunnerTestFile } from "vitest";
import { RunAhead } from "./run-ahead.js";

/** A test file as vitest hands it to beforeAll: suites named `<kind> <key>`, each with one test, run or skipped. */
function fileOf(suites: [name: string, runs: boolean][]): RunnerTestFile {
  return { tasks: suites.map(([name, runs]) => ({ type: "suite", name, tasks: [{ type: "test", mode: runs ? "run" : "skip" }] })) } as unknown as RunnerTestFile;
}

/** Runs that end when the test says, recording what started and how many slots were busy at most. */
function controlledRuns() {
  const started: string[] = [];
  const ends = new Map<string, () => void>();
  let busy = 0;
  let most = 0;
  const start = (kind: string, key: string, keys: readonly string[], width = 1) => {
    const name = `${kind} ${key} [${keys.join(",")}]`;
    started.push(name);
    busy += width;
    most = Math.max(most, busy);
    return new Promise<string>((resolve) => {
      ends.set(name, () => {
        busy -= width;
        resolve(name);
      });
    });
  };
  return { started, start, end: (name: string) => ends.get(name)!(), most: () => most };
}

describe("RunAhead", () => {
  it("runs a group once, with only the keys of its tests that will run, in file order", async () => {
    const runs = controlledRuns();
    const ahead = new RunAhead<string>(8, runs.start, { mutant: { groupOf: (key) => key.split("-")[0]!, width: () => 1 } });
    ahead.plan(fileOf([["plain model", true], ["mutant model-a", true], ["mutant pages-b", true], ["mutant model-c", false], ["mutant model-d", true], ["allowed x", true]]), ["plain", "mutant", "allowed"]);
    expect(runs.started).toEqual(["plain model [model]", "mutant model [model-a,model-d]", "mutant pages [pages-b]", "allowed x [x]"]);
    runs.end("mutant model [model-a,model-d]");
    expect(await ahead.result("mutant", "model-a")).toBe("mutant model [model-a,model-d]");
    expect(await ahead.result("mutant", "model-d")).toBe("mutant model [model-a,model-d]");
  });

  it("keeps wide runs within the slots, in queue order, and starts one wider than all when nothing runs", async () => {
    const runs = controlledRuns();
    const width = (kind: string) => (kind === "wide" ? 2 : kind === "huge" ? 5 : 1);
    const ahead = new RunAhead<string>(3, (kind, key, keys) => runs.start(kind, key, keys, width(kind)), { wide: { groupOf: () => "all", width: () => 2 }, huge: { groupOf: () => "all", width: (keys) => 5 * keys.length } });
    ahead.plan(fileOf([["one a", true], ["one b", true], ["wide x", true], ["one c", true], ["huge y", true]]), ["one", "wide", "huge"]);
    expect(runs.started).toEqual(["one a [a]", "one b [b]"]);
    runs.end("one a [a]");
    await ahead.result("one", "a");
    expect(runs.started).toEqual(["one a [a]", "one b [b]", "wide all [x]"]);
    runs.end("one b [b]");
    await ahead.result("one", "b");
    expect(runs.started.at(-1)).toBe("one c [c]");
    runs.end("wide all [x]");
    runs.end("one c [c]");
    await ahead.result("one", "c");
    expect(runs.started.at(-1)).toBe("huge all [y]");
    expect(runs.most()).toBe(5);
    runs.end("huge all [y]");
    await ahead.result("huge", "y");
  });

  it("starts the run of a test it did not plan when the test asks for it", async () => {
    const runs = controlledRuns();
    const ahead = new RunAhead<string>(2, runs.start, { mutant: { groupOf: () => "model", width: () => 1 } });
    const run = ahead.result("mutant", "a");
    expect(runs.started).toEqual(["mutant model [a]"]);
    runs.end("mutant model [a]");
    expect(await run).toBe("mutant model [a]");
  });
});
