// The matrix runs fake targets two at a time (each its own run) and installed targets one at a
// time (they share one host); the bundle keeps the plan's order whatever order the runs end in.
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makePlan } from "../../src/matrix/plan.js";
import { FAKE_WORKERS } from "../../src/run/index.js";
import { matrixJobs, runTargets } from "../../src/matrix/run-targets.js";
import { installedTarget, personaTarget, versionTarget, type TargetSpec } from "../../src/matrix/target-spec.js";
import { tempDir } from "../support/temp-dir.js";

const SELECTION = { areas: ["task-state" as const], grep: null };
const FAKES: TargetSpec[] = [personaTarget("current"), personaTarget("pre-error-codes"), versionTarget("0.4.4.2"), personaTarget("pre-browser-version"), personaTarget("pre-profiles")];

/** A run stand-in that records how many runs were in flight at once; later targets end first. */
function recordingRun(specs: readonly TargetSpec[]) {
  const seen = { inFlight: 0, most: 0, ended: [] as string[] };
  const run = async (spec: TargetSpec): Promise<void> => {
    seen.inFlight += 1;
    seen.most = Math.max(seen.most, seen.inFlight);
    // window: 5 ms per later target, at most a few tens of ms: the stand-in's runs end in reverse order
    await new Promise((r) => setTimeout(r, 5 * (specs.length - specs.indexOf(spec))));
    seen.inFlight -= 1;
    seen.ended.push(spec.key);
    throw new Error(`no run here (${spec.key})`);
  };
  return { seen, run };
}

describe("matrix jobs", () => {
  it("runs fake targets two at a time, twice as many on the page model, one at a time with an installed target, and as many as asked", () => {
    expect(matrixJobs(FAKES)).toBe(Math.min(2, availableParallelism()));
    expect(matrixJobs(FAKES, undefined, "chromium")).toBe(Math.min(2, availableParallelism()));
    expect(matrixJobs(FAKES, undefined, "model")).toBe(2 * Math.min(2, availableParallelism()));
    expect(matrixJobs(FAKES, 3, "model")).toBe(3);
    expect(matrixJobs([...FAKES, installedTarget("/opt/ego/ego-browser")], undefined, "model")).toBe(1);
    expect(matrixJobs(FAKES, 3)).toBe(3);
    expect(matrixJobs([...FAKES, installedTarget("/opt/ego/ego-browser")], 3)).toBe(1);
  });

  it("keeps the plan's order in the bundle when runs end out of order, and never runs more than the jobs at once", async () => {
    const { seen, run } = recordingRun(FAKES);
    const loaded = await runTargets({ plan: makePlan(FAKES, SELECTION), shard: { index: 1, count: 1 }, bundleDir: join(await tempDir("jobs"), "b"), runTarget: run, jobs: 2 });
    expect(seen.most).toBe(2);
    expect(seen.ended).not.toEqual(FAKES.map((s) => s.key));
    expect(loaded.bundle.targets.map((t) => t.key)).toEqual(FAKES.map((s) => s.key));
    expect(loaded.bundle.targets.every((t) => t.availability === "error" && t.reason?.includes(t.key))).toBe(true);
  });

  it("gives each of the targets side by side its share of the cores: FAKE_WORKERS / jobs vitest workers, at least one", async () => {
    const workers: (number | undefined)[] = [];
    const share = async (jobs: number) => {
      workers.length = 0;
      await runTargets({ plan: makePlan(FAKES.slice(0, 2), SELECTION), shard: { index: 1, count: 1 }, bundleDir: join(await tempDir("jobs-workers"), "b"), runTarget: async (_spec, options) => void workers.push(options.fakeWorkers), jobs });
      return [...new Set(workers)];
    };
    expect(await share(2)).toEqual([Math.max(1, Math.floor(FAKE_WORKERS / 2))]);
    expect(await share(1)).toEqual([FAKE_WORKERS]);
    expect(await share(64)).toEqual([1]);
  });

  it("runs one target at a time when an installed one is in the shard", async () => {
    const specs = [...FAKES.slice(0, 2), installedTarget("/opt/ego/ego-browser")];
    const { seen, run } = recordingRun(specs);
    await runTargets({ plan: makePlan(specs, SELECTION), shard: { index: 1, count: 1 }, bundleDir: join(await tempDir("jobs-installed"), "b"), runTarget: run, jobs: 2 });
    expect(seen.most).toBe(1);
  });
});
