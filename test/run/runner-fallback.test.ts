// When the runner in the CLI's process cannot start (its vitest config fails), the run's phase and
// each matrix target start a vitest of their own, as without it, and the verdicts are those of the
// runner's: the same status for every clause. The seam is the runner's config (a test's own), not a flag.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ClauseRunner, defaultRunOptions, fakeWorkersOf, runConformance, type RunOptions } from "../../src/run/index.js";
import { runTargets } from "../../src/matrix/run-targets.js";
import { makePlan } from "../../src/matrix/plan.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import type { Area } from "../../src/contract/index.js";
import { tempDir } from "../support/temp-dir.js";

// a mutant that fails task-state's clauses, beside an area that passes: verdicts that can differ
const AREAS: Area[] = ["task-state", "error-codes"];
const MUTANTS = ["status-objects"];

async function failingConfig(): Promise<string> {
  const file = join(await tempDir("runner-fallback-config"), "vitest.config.mjs");
  await writeFile(file, `throw new Error("this config fails on purpose");\n`);
  return file;
}

function runOptions(dir: string): RunOptions {
  return { ...defaultRunOptions(), areas: AREAS, mutants: MUTANTS, pages: "model", report: false, record: false, resultsDir: join(dir, "results"), outcomesFile: join(dir, "outcomes.json") };
}

/** clause id -> status, from a run's summary */
function statuses(outcome: Awaited<ReturnType<typeof runConformance>>): Record<string, string> {
  return Object.fromEntries(outcome.summary.clauses.map((c) => [c.id, c.status]));
}

describe("the runner cannot start", () => {
  it("run: its phase goes as a vitest child, with the runner's verdicts", { timeout: 240_000 }, async () => {
    const config = await failingConfig();
    const failures: unknown[] = [];
    const [childRun, runnerRun] = [runOptions(await tempDir("runner-fallback-child")), runOptions(await tempDir("runner-fallback-runner"))];
    // each runner with the workers the run's phase asks for, as the CLI's run makes it
    const broken = ClauseRunner.lazy({ maxWorkers: fakeWorkersOf(childRun), config, onStartFailure: (e) => failures.push(e) });
    const working = ClauseRunner.lazy({ maxWorkers: fakeWorkersOf(runnerRun) });
    try {
      const fallback = await runConformance(childRun, broken);
      const inProcess = await runConformance(runnerRun, working);
      expect(failures.map((e) => (e as Error).message).join("\n")).toMatch(/fails on purpose/);
      expect(failures).toHaveLength(1);
      const seen = statuses(inProcess);
      expect(Object.values(seen)).toContain("failed");
      expect(Object.values(seen)).toContain("passed");
      expect(statuses(fallback)).toEqual(seen);
    } finally {
      await Promise.all([broken.close(), working.close()]);
    }
  });

  it("matrix: each target starts its own vitest, with the runner's verdicts", { timeout: 300_000 }, async () => {
    const plan = makePlan([personaTarget("current"), personaTarget("pre-error-codes")], { areas: AREAS, grep: null });
    const lines: string[] = [];
    const progress = (line: string) => lines.push(line);
    const fallback = await runTargets({ plan, shard: { index: 1, count: 1 }, bundleDir: join(await tempDir("runner-fallback-matrix"), "bundle"), fakePages: "model", progress, runnerConfig: await failingConfig() });
    const shared = await runTargets({ plan, shard: { index: 1, count: 1 }, bundleDir: join(await tempDir("runner-fallback-matrix-shared"), "bundle"), fakePages: "model" });
    expect(lines.filter((l) => /could not start/.test(l)), lines.join("\n")).toHaveLength(1);
    const cells = (bundle: typeof shared) => bundle.bundle.targets.map((t) => [t.key, t.availability, Object.fromEntries(Object.entries(t.cells).map(([id, c]) => [id, c.status]))]);
    for (const t of shared.bundle.targets) expect(t.availability).toBe("ran");
    expect(new Set(shared.bundle.targets.flatMap((t) => Object.values(t.cells).map((c) => c.status))).size, "statuses that can differ").toBeGreaterThan(1);
    expect(cells(fallback)).toEqual(cells(shared));
  });
});
