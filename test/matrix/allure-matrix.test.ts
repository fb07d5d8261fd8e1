import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { combineResults, matrixAllureConfigSource, matrixEnvironments, MATRIX_REPORT_NAME } from "../../src/matrix/allure-matrix.js";
import type { CompatTarget } from "../../src/matrix/compat-schema.js";
import { LABEL } from "../../src/labels/labels.js";
import { DEFAULT_TRANSCRIPT_FILE } from "../../src/recording/transcript.js";
import { writeResultsDir } from "./helpers.js";
import { tempDir } from "../support/temp-dir.js";

function target(key: string, label: string, extra: Partial<CompatTarget> = {}): CompatTarget {
  return {
    key,
    spec: { key, kind: "fake", persona: null, egoVersion: null, mutants: [] },
    label,
    kind: "fake",
    persona: null,
    egoVersion: "0.5.1.13",
    versionSource: "persona",
    targetName: "fake bridge (in-process)",
    availability: "ran",
    runId: "r1",
    startedAt: null,
    finishedAt: null,
    shard: { index: 1, count: 1 },
    problems: [],
    score: { value: 1, passed: 3, applicable: 3, failed: 0, preconditionFailed: 0, broken: 0, known: 0, flaky: 0, unknown: 0, notApplicable: 0, unspecified: { observed: 0, differs: 0, unobserved: 0 } },
    ...extra,
  };
}

describe("matrixEnvironments", () => {
  it("gives each target an environment: id = key, a unique name Allure accepts, the run's facts as variables", () => {
    const envs = matrixEnvironments([
      target("fake-default", "0.5.1.13 · fake (default build)"),
      target("version-0_5_1_13", "0.5.1.13 · fake (default build)"),
      target("installed-x", `0.5.0.19 · installed ${"very-long-name/".repeat(6)}`, { kind: "installed", persona: null }),
      target("persona-current", "0.5.1.13 · current", { persona: "current" }),
    ]);
    expect(envs.map((e) => e.id)).toEqual(["fake-default", "version-0_5_1_13", "installed-x", "persona-current"]);
    expect(new Set(envs.map((e) => e.name)).size).toBe(4);
    for (const e of envs) {
      expect(e.name.length).toBeLessThanOrEqual(64);
      expect(e.name).not.toMatch(/[\\/]/);
    }
    expect(envs[1]!.name).toContain("version-0_5_1_13");
    expect(envs[3]!.variables).toMatchObject({ target: "fake", "Ego Lite version": "0.5.1.13", persona: "current", "run id": "r1", score: "100.0% (3/3)" });
  });
});

describe("the matrix allurerc", () => {
  it("is the repository's config with the matrix name and an environment per target matched by its key", async () => {
    const dir = await tempDir("allurerc");
    const file = join(dir, "allurerc.mjs");
    const envs = matrixEnvironments([target("persona-a", "0.5.1.13 · a"), target("persona-b", "0.4.4.0 · b")]);
    await writeFile(file, matrixAllureConfigSource(envs, { historyPath: join(dir, "history.jsonl") }), "utf8");
    const config = (await import(pathToFileURL(file).href)).default as {
      name: string;
      historyPath: string;
      categories: { name: string }[];
      plugins: { awesome: { options: { reportName: string; groupBy: string[] } } };
      environments: Record<string, { name: string; matcher: (p: { labels: { name: string; value: string }[] }) => boolean }>;
    };
    expect(config.name).toBe(MATRIX_REPORT_NAME);
    expect(config.plugins.awesome.options.reportName).toBe(MATRIX_REPORT_NAME);
    expect(config.plugins.awesome.options.groupBy).toEqual(["area", "method"]);
    expect(config.categories.map((c) => c.name)).toContain("Contract violations");
    expect(config.historyPath).toBe(join(dir, "history.jsonl"));
    expect(Object.keys(config.environments)).toEqual(["persona-a", "persona-b"]);
    const labels = (key: string) => ({ labels: [{ name: "clause", value: "x" }, { name: LABEL.matrixTarget, value: key }] });
    expect(config.environments["persona-a"]!.matcher(labels("persona-a"))).toBe(true);
    expect(config.environments["persona-a"]!.matcher(labels("persona-b"))).toBe(false);
    expect(config.environments["persona-b"]!.matcher({ labels: [] })).toBe(false);
  });
});

describe("combineResults", () => {
  it("copies every target's results into one directory, each result stamped with its target", async () => {
    const root = await tempDir("combine");
    const a = await writeResultsDir(join(root, "a"), [{ clause: "tabs.a", status: "passed" }, { clause: "tabs.b", status: "passed", unspecifiedOutcome: "differs-from-the-fake", observation: "did z" }]);
    const b = await writeResultsDir(join(root, "b"), [{ clause: "tabs.a", status: "failed", message: "no" }]);
    const out = join(root, "combined");
    const counts = await combineResults([{ key: "persona-a", dir: a }, { key: "persona-b", dir: b }], out, { planId: "abcdef012345", targets: 2 });
    expect(counts).toEqual({ "persona-a": 2, "persona-b": 1 });
    const names = await readdir(out);
    expect(names.filter((n) => n.endsWith("-result.json"))).toHaveLength(3);
    expect(names.filter((n) => n.endsWith("-attachment.txt"))).toHaveLength(1);
    const env = await readFile(join(out, "environment.properties"), "utf8");
    expect(env).toMatch(/matrix\\ plan=abcdef012345/);
    const stamped = await Promise.all(names.filter((n) => n.endsWith("-result.json")).map(async (n) => JSON.parse(await readFile(join(out, n), "utf8")) as { labels: { name: string; value: string }[] }));
    expect(stamped.map((r) => r.labels.filter((l) => l.name === LABEL.matrixTarget).map((l) => l.value)).sort()).toEqual([["persona-a"], ["persona-a"], ["persona-b"]]);
  });

  it("leaves out each target's transcript: every matrix target records one under the same name, and it is no Allure file", async () => {
    const root = await tempDir("combine-transcripts");
    const a = await writeResultsDir(join(root, "a"), [{ clause: "tabs.a", status: "passed" }]);
    const b = await writeResultsDir(join(root, "b"), [{ clause: "tabs.a", status: "passed" }]);
    for (const dir of [a, b]) await writeFile(join(dir, DEFAULT_TRANSCRIPT_FILE), "{}");
    const out = join(root, "combined");
    expect(await combineResults([{ key: "persona-a", dir: a }, { key: "persona-b", dir: b }], out, { planId: "p", targets: 2 })).toEqual({ "persona-a": 1, "persona-b": 1 });
    expect(await readdir(out)).not.toContain(DEFAULT_TRANSCRIPT_FILE);
  });

  it("refuses two targets that wrote the same file", async () => {
    const root = await tempDir("combine-dup");
    const a = await writeResultsDir(join(root, "a"), [{ clause: "tabs.a", status: "passed" }]);
    await expect(combineResults([{ key: "x", dir: a }, { key: "y", dir: a }], join(root, "out"), { planId: "p", targets: 2 })).rejects.toThrow(/two targets wrote a results file/);
  });
});
