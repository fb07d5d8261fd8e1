import { describe, expect, it } from "vitest";
import { compatOf, orderTargets } from "../../src/matrix/compat.js";
import { outcomeWithoutResults } from "../../src/matrix/collect.js";
import { COMPAT_FORMAT, compatJsonSchema, CompatJson, parseCompatJson, type TargetOutcome } from "../../src/matrix/compat-schema.js";
import { selectionOf, type MergedMatrix } from "../../src/matrix/merge.js";
import { makePlan } from "../../src/matrix/plan.js";
import { installedTarget, personaTarget, versionTarget, type TargetSpec } from "../../src/matrix/target-spec.js";

const SELECTION = { areas: ["task-state" as const], grep: null };

function ran(spec: TargetSpec, egoVersion: string | null, statuses: Record<string, "passed" | "failed" | "not-applicable">): TargetOutcome {
  const o = outcomeWithoutResults(spec, "missing", "x", selectionOf({ selection: SELECTION }), { shard: { index: 1, count: 1 } });
  const cells = Object.fromEntries(Object.keys(o.cells).map((id) => [id, { status: statuses[id] ?? "passed", results: 1 }]));
  const { reason: _reason, ...rest } = o;
  return { ...rest, availability: "ran", egoVersion, persona: spec.kind === "fake" ? spec.persona : null, cells, runId: "r1", startedAt: "2026-11-30T10:00:00.000Z", finishedAt: "2026-11-30T10:00:01.000Z" };
}

function merged(outcomes: TargetOutcome[]): MergedMatrix {
  const plan = makePlan(outcomes.map((o) => o.spec), SELECTION);
  return { plan, shardCount: 1, harness: { name: "ego-conformance", version: "0.1.0" }, sources: [{ shard: { index: 1, count: 1 }, bundle: "/b", createdAt: "2026-11-30T10:00:02.000Z" }], outcomes, results: [], warnings: [] };
}

describe("compatOf", () => {
  const current = ran(personaTarget("current"), "0.5.1.13", {});
  const old = ran(personaTarget("pre-browser-version"), "0.4.4.0", { "task-state.set.status": "failed" });
  const compat = compatOf(merged([current, old]), new Date("2026-11-30T12:00:00Z"));

  it("writes a valid, versioned compat.json with columns by version and rows in catalogue order", () => {
    expect(() => CompatJson.parse(compat)).not.toThrow();
    expect(compat).toMatchObject({ format: COMPAT_FORMAT, formatVersion: 1, generatedAt: "2026-11-30T12:00:00.000Z" });
    expect(compat.targets.map((t) => t.key)).toEqual(["persona-pre-browser-version", "persona-current"]);
    expect(compat.clauses.map((c) => c.id)).toEqual(selectionOf({ selection: SELECTION }).map((c) => c.id));
    expect(compat.areas).toEqual([{ id: "task-state", title: expect.any(String) }]);
    expect(compat.targets[0]!.score).toMatchObject({ value: 0.5, passed: 1, applicable: 2, failed: 1 });
    expect(compat.interop).toMatchObject({ value: 0.5, holdEverywhere: 1, applicable: 2 });
  });

  it("round-trips through JSON and the parser", () => {
    expect(parseCompatJson(JSON.stringify(compat))).toEqual(compat);
  });

  it("refuses what is not a compat.json of this version", () => {
    expect(() => parseCompatJson("{")).toThrow(/not JSON/);
    expect(() => parseCompatJson(JSON.stringify({ ...compat, formatVersion: 2 }))).toThrow(/does not match/);
    expect(() => parseCompatJson(JSON.stringify({ ...compat, surprise: true }))).toThrow(/does not match/);
    const missingCell = structuredClone(compat);
    delete missingCell.clauses[0]!.cells["persona-current"];
    expect(() => parseCompatJson(JSON.stringify(missingCell))).toThrow(/cells do not match the targets \(missing persona-current/);
    const badStatus = structuredClone(compat) as unknown as { clauses: { cells: Record<string, { status: string }> }[] };
    badStatus.clauses[0]!.cells["persona-current"]!.status = "green";
    expect(() => parseCompatJson(JSON.stringify(badStatus))).toThrow(/does not match/);
  });

  it("warns about targets that did not run and scores them as nothing", () => {
    const installed = outcomeWithoutResults(installedTarget("/opt/ego-browser"), "unavailable", "no --ego-browser option", selectionOf({ selection: SELECTION }), { shard: { index: 1, count: 1 } });
    const c = compatOf(merged([current, installed]));
    expect(c.warnings).toEqual([expect.stringMatching(/^installed-ego-browser-\w+ \(version unknown · installed ego-browser\) did not run: no --ego-browser option$/)]);
    expect(c.targets.at(-1)!.score.value).toBeNull();
    expect(c.interop.applicable).toBe(2); // the unavailable target takes no part
  });

  it("has a JSON Schema for other tools", () => {
    expect(compatJsonSchema()).toMatchObject({ $schema: expect.stringContaining("json-schema.org"), type: "object" });
  });
});

describe("orderTargets", () => {
  it("orders by version (numeric, then other texts, then none), then default build, personas, installed", () => {
    const t = (key: string, egoVersion: string | null, persona: string | null, kind: "fake" | "installed" = "fake") => ({ key, egoVersion, persona, kind });
    const ordered = orderTargets([
      t("i", "0.5.0.19", null, "installed"),
      t("none", null, null),
      t("win", "ego-windows-host", null, "installed"),
      t("p-b", "0.5.0.19", "b"),
      t("new", "0.5.0.100", null),
      t("default", "0.5.0.19", null),
      t("p-a", "0.5.0.19", "a"),
      t("old", "0.4.4.2", "x"),
    ]);
    expect(ordered.map((x) => x.key)).toEqual(["old", "default", "p-a", "p-b", "i", "new", "win", "none"]);
  });

  it("is a version target before a persona of the same version", () => {
    expect(orderTargets([{ ...personaTarget("a"), egoVersion: "0.4.4.2" }, { ...versionTarget("0.4.4.2"), persona: null }]).map((x) => x.key)).toEqual(["version-0_4_4_2", "persona-a"]);
  });
});
