// Shards and merge, with a stand-in for the conformance run (it writes results as a run would):
// the real runs are covered end to end in matrix-cli.test.ts.
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLE_FILE, findBundleDirs, readBundle, type LoadedBundle } from "../../src/matrix/bundle.js";
import { compatOf } from "../../src/matrix/compat.js";
import { CompatJson } from "../../src/matrix/compat-schema.js";
import { MergeError, mergeBundles, selectionOf } from "../../src/matrix/merge.js";
import { makePlan, type MatrixPlan } from "../../src/matrix/plan.js";
import { runTargets } from "../../src/matrix/run-targets.js";
import { installedTarget, personaTarget, versionTarget, type TargetSpec } from "../../src/matrix/target-spec.js";
import { writeResultsDir, type FixtureResult } from "./helpers.js";
import { RunInputError, type RunOptions } from "../../src/run/index.js";
import { tempDir } from "../support/temp-dir.js";

const SELECTION = { areas: ["task-state" as const, "cdp" as const], grep: null };
const TARGETS: TargetSpec[] = [personaTarget("current"), personaTarget("pre-error-codes"), versionTarget("0.4.4.2"), personaTarget("pre-browser-version"), installedTarget("/opt/ego/ego-browser")];
const PLAN = makePlan(TARGETS, SELECTION);

let clock = 0;
const now = () => new Date(Date.UTC(2026, 10, 30, 12, 0, 0) + (clock += 1000));

/** What a run of each target gives: the persona without error codes fails one clause and skips another. */
async function fakeRun(spec: TargetSpec, { resultsDir }: RunOptions): Promise<void> {
  if (spec.kind === "installed") throw Object.assign(new Error("the installed target is not available in this build"), { name: "TargetUnavailableError" });
  const persona = spec.persona;
  const results: FixtureResult[] = selectionOf(PLAN).map((c) => {
    if (persona === "pre-error-codes" && c.id === "cdp.send.missing-space") return { clause: c.id, status: "skipped", notApplicable: "feature:error-codes" };
    if (persona === "pre-error-codes" && c.id === "task-state.set.status") return { clause: c.id, status: "failed", message: "expected a status string" };
    return { clause: c.id, status: "passed" };
  });
  await writeResultsDir(resultsDir, results, { egoVersion: spec.egoVersion ?? (persona === "pre-browser-version" ? "0.4.4.0" : "0.5.1.13"), ...(persona ? { persona } : {}) });
}

async function run(plan: MatrixPlan, index: number, count: number, dir?: string): Promise<LoadedBundle> {
  return runTargets({ plan, shard: { index, count }, bundleDir: dir ?? join(await tempDir("bundle"), `shard-${index}`), runTarget: fakeRun, now });
}

/** A target's column without what differs between two runs of it (times, shard, run id). */
const column = (b: { targets: { key: string; availability: string; cells: unknown; egoVersion: string | null }[] }) =>
  b.targets.map((t) => ({ key: t.key, availability: t.availability, cells: t.cells, egoVersion: t.egoVersion }));

describe("runTargets", () => {
  it("runs each target into its own results directory and records the unreachable one as unavailable", async () => {
    const loaded = await run(PLAN, 1, 1);
    expect(loaded.bundle.targets.map((t) => [t.key, t.availability])).toEqual(TARGETS.map((t) => [t.key, t.kind === "installed" ? "unavailable" : "ran"]));
    const installed = loaded.bundle.targets.at(-1)!;
    expect(installed.reason).toMatch(/not available/);
    expect(Object.values(installed.cells).every((c) => c.status === "unknown")).toBe(true);
    expect((await readBundle(loaded.dir)).bundle).toEqual(loaded.bundle);
  });

  it("passes the pages to the fake targets' runs only (an installed target shows its own pages), --no-slow to every target", async () => {
    const seen: [string, RunOptions][] = [];
    await runTargets({
      plan: makePlan([personaTarget("current"), installedTarget("/opt/ego/ego-browser")], SELECTION),
      shard: { index: 1, count: 1 },
      bundleDir: join(await tempDir("bundle-pages"), "b"),
      fakePages: "model",
      noSlow: true,
      runTarget: async (spec, options) => {
        seen.push([spec.key, options]);
        return fakeRun(spec, options);
      },
      now,
    });
    expect(seen.find(([k]) => k === "persona-current")![1]).toMatchObject({ target: "fake", persona: "current", pages: "model" });
    expect(seen.find(([k]) => k !== "persona-current")![1]).not.toHaveProperty("pages");
    // --no-slow is every target's, installed ones included
    expect(seen.map(([, o]) => o.noSlow)).toEqual([true, true]);
  });

  it("gives every target the plan's --ungated and --no-expectations, installed ones included", async () => {
    const seen: [string, RunOptions][] = [];
    const targets = [personaTarget("current"), installedTarget("/opt/ego/ego-browser")];
    const runWith = async (settings: { ungated?: boolean; noExpectations?: boolean }) => {
      seen.length = 0;
      await runTargets({
        plan: makePlan(targets, SELECTION, settings),
        shard: { index: 1, count: 1 },
        bundleDir: join(await tempDir("bundle-settings"), "b"),
        runTarget: async (spec, options) => {
          seen.push([spec.key, options]);
          return fakeRun(spec, options);
        },
        now,
      });
      return seen.map(([, o]) => [o.ungated === true, o.expectationsFile !== undefined]);
    };
    expect(await runWith({})).toEqual([[false, true], [false, true]]);
    expect(await runWith({ ungated: true, noExpectations: true })).toEqual([[true, false], [true, false]]);
  });

  it("records options the run refuses as unavailable, other failures as errors", async () => {
    const plan = makePlan([personaTarget("current"), personaTarget("pre-profiles")], SELECTION);
    const loaded = await runTargets({
      plan,
      shard: { index: 1, count: 1 },
      bundleDir: join(await tempDir("bundle-errors"), "b"),
      runTarget: async (spec) => {
        if (spec.key === "persona-current") throw new RunInputError("unknown persona 'current'");
        throw new Error("vitest could not be started");
      },
    });
    expect(loaded.bundle.targets.map((t) => [t.availability, t.reason])).toEqual([
      ["unavailable", "ego-conformance run does not accept this target here: unknown persona 'current'"],
      ["error", "the run could not be made: vitest could not be started"],
    ]);
  });

  it("stops at Ctrl-C: the interrupted target and the ones after it are recorded as not run", async () => {
    const loaded = await runTargets({
      plan: PLAN,
      shard: { index: 1, count: 1 },
      bundleDir: join(await tempDir("bundle-interrupt"), "b"),
      now,
      runTarget: async (spec, options) => {
        if (spec.key === TARGETS[1]!.key) return { interrupted: "SIGINT" };
        await fakeRun(spec, options);
      },
    });
    expect(loaded.interrupted).toBe("SIGINT");
    expect(loaded.bundle.targets.map((t) => t.availability)).toEqual(["ran", "error", "error", "error", "error"]);
    expect(loaded.bundle.targets[1]!.reason).toMatch(/interrupted \(SIGINT\)/);
    expect(loaded.bundle.targets[2]!.reason).toBe("not run: the matrix was interrupted (SIGINT)");
  });

  it("replaces an earlier bundle but never a directory holding something else", async () => {
    const dir = join(await tempDir("bundle-guard"), "b");
    await run(PLAN, 1, 2, dir);
    await expect(run(PLAN, 2, 2, dir)).resolves.toBeDefined();
    const other = join(await tempDir("not-a-bundle"), "x");
    await mkdir(other, { recursive: true });
    await writeFile(join(other, "notes.txt"), "mine", "utf8");
    await expect(run(PLAN, 1, 2, other)).rejects.toThrow(/refusing/);
  });
});

describe("mergeBundles", () => {
  it("puts all the shards back together as the unsharded run has it", async () => {
    const whole = mergeBundles([await run(PLAN, 1, 1)]);
    const shards = await Promise.all([1, 2, 3].map((i) => run(PLAN, i, 3)));
    const merged = mergeBundles([shards[2]!, shards[0]!, shards[1]!]);
    expect(merged.warnings).toEqual([]);
    expect(merged.sources.map((s) => s.shard.index)).toEqual([1, 2, 3]);
    expect(column({ targets: merged.outcomes })).toEqual(column({ targets: whole.outcomes }));
    expect(merged.results.map((r) => r.key).sort()).toEqual(TARGETS.filter((t) => t.kind !== "installed").map((t) => t.key).sort());
    const compat = compatOf(merged);
    expect(() => CompatJson.parse(compat)).not.toThrow();
    expect(compat.plan).toMatchObject({ id: PLAN.id, shards: 3 });
  });

  it("says which shard is missing and shows its targets as missing, all unknown", async () => {
    const [one, , three] = await Promise.all([1, 2, 3].map((i) => run(PLAN, i, 3)));
    const merged = mergeBundles([one!, three!]);
    expect(merged.warnings).toEqual([expect.stringMatching(/^shard 2\/3 is missing: its targets persona-pre-error-codes, installed-ego-browser-\w+ have no results$/)]);
    const missing = merged.outcomes.filter((o) => o.availability === "missing").map((o) => o.key);
    expect(missing).toEqual([TARGETS[1]!.key, TARGETS[4]!.key]);
    for (const o of merged.outcomes.filter((x) => x.availability === "missing")) expect(Object.values(o.cells).every((c) => c.status === "unknown")).toBe(true);
    const compat = compatOf(merged);
    expect(compat.warnings[0]).toMatch(/shard 2\/3 is missing/);
    expect(compat.targets.find((t) => t.key === TARGETS[1]!.key)?.score.value).toBeNull();
  });

  it("merges the same bundle given twice once, with a warning", async () => {
    const [one, two] = await Promise.all([1, 2].map((i) => run(PLAN, i, 2)));
    const copy = join(await tempDir("copy"), "shard-1");
    await cp(one!.dir, copy, { recursive: true });
    const merged = mergeBundles([one!, two!, await readBundle(copy), one!]);
    expect(merged.warnings).toEqual([expect.stringMatching(/^shard 1\/2 was given twice \(.* and .*, the same run\); merged once$/)]);
    expect(merged.outcomes).toHaveLength(TARGETS.length);
  });

  it("refuses two different runs of the same shard", async () => {
    const first = await run(PLAN, 1, 2);
    const again = await run(PLAN, 1, 2);
    expect(() => mergeBundles([first, again])).toThrow(MergeError);
    expect(() => mergeBundles([first, again])).toThrow(/shard 1\/2 was given twice from different runs/);
  });

  it("refuses bundles of different matrices or split differently", async () => {
    const other = makePlan([personaTarget("current")], SELECTION);
    await expect(Promise.all([run(PLAN, 1, 2), run(other, 1, 1)]).then((b) => mergeBundles(b))).rejects.toThrow(/different matrices/);
    await expect(Promise.all([run(PLAN, 1, 2), run(PLAN, 1, 3)]).then((b) => mergeBundles(b))).rejects.toThrow(/split the matrix differently/);
    // the same targets and clauses, run ungated or without expectations: another matrix
    for (const settings of [{ ungated: true }, { noExpectations: true }]) {
      await expect(Promise.all([run(PLAN, 1, 2), run(makePlan(TARGETS, SELECTION, settings), 2, 2)]).then((b) => mergeBundles(b))).rejects.toThrow(/different matrices/);
    }
    expect(() => mergeBundles([])).toThrow(/no matrix bundles/);
  });

  it("refuses a bundle whose targets are not its shard's slice of the plan", async () => {
    const loaded = await run(PLAN, 1, 2);
    const file = join(loaded.dir, BUNDLE_FILE);
    const bundle = JSON.parse(await readFile(file, "utf8"));
    bundle.targets = bundle.targets.slice(1);
    await writeFile(file, JSON.stringify(bundle), "utf8");
    expect(() => mergeBundles([loaded])).not.toThrow(); // the in-memory bundle is intact
    await expect(readBundle(loaded.dir).then((b) => mergeBundles([b]))).rejects.toThrow(/holds targets \[.*\], but that shard of the plan is/);
  });
});

describe("findBundleDirs", () => {
  it("takes a bundle directory or finds the bundles below one (CI artifact downloads)", async () => {
    const root = await tempDir("artifacts");
    await run(PLAN, 1, 2, join(root, "matrix-shard-1", "reports", "matrix-shard-1-of-2"));
    await run(PLAN, 2, 2, join(root, "matrix-shard-2", "reports", "matrix-shard-2-of-2"));
    const found = await findBundleDirs([root]);
    expect(found.map((d) => d.slice(root.length))).toEqual(["/matrix-shard-1/reports/matrix-shard-1-of-2", "/matrix-shard-2/reports/matrix-shard-2-of-2"]);
    expect(await findBundleDirs([found[0]!])).toEqual([found[0]]);
    await expect(findBundleDirs([await tempDir("empty")])).rejects.toThrow(/no matrix bundle/);
    await expect(findBundleDirs([join(root, "nope")])).rejects.toThrow(/not a directory/);
  });
});
