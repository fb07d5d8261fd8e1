// compat's "may this build ship": each column judged by the release gate itself, on the outcomes
// its run wrote: a persona that lost a feature its version has does not ship against the contract,
// whatever its score; the gate's own decision and compat's agree; compatOf carries it.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { judgeContract } from "../../src/gate/contract-gate.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import type { ClauseOutcome, RunOutcomes } from "../../src/gate/outcomes-file.js";
import { compatOf } from "../../src/matrix/compat.js";
import { outcomeWithoutResults } from "../../src/matrix/collect.js";
import { CompatJson, type TargetOutcome } from "../../src/matrix/compat-schema.js";
import { selectionOf, type MergedMatrix } from "../../src/matrix/merge.js";
import { makePlan } from "../../src/matrix/plan.js";
import { AGAINST_CONTRACT, gateTarget } from "../../src/matrix/target-gate.js";
import { matrixReportVerdict } from "../../src/matrix/report-verdict.js";
import { RELEASE_GATE_RULE } from "../../src/gate/report-verdict.js";
import { personaTarget, type TargetSpec } from "../../src/matrix/target-spec.js";

function outcomes(overrides: Record<string, ClauseOutcome> = {}, persona: string | null = null): RunOutcomes {
  const clauses: Record<string, ClauseOutcome> = Object.fromEntries(CATALOGUE.map((c) => [c.id, { status: c.unspecified ? "unspecified" : "passed" }]));
  return { schema: 1, runId: "r", date: "2026-01-01T00:00:00.000Z", target: "fake", targetName: "fake", egoVersion: "0.5.1.13", persona, ungated: false, catalogueClauses: CATALOGUE.length, passed: true, problems: [], expectations: null, clauses: { ...clauses, ...overrides } };
}

const errorCodeClauses = CATALOGUE.filter((c) => c.features.includes("error-codes")).map((c) => c.id);
const preErrorCodes = outcomes(Object.fromEntries(errorCodeClauses.map((id) => [id, { status: "not-applicable", notApplicable: "feature:error-codes" }])), "pre-error-codes");

describe("gateTarget", () => {
  it("a persona that lost error codes at the current version does not ship against the contract, its lost clauses counted", () => {
    expect(errorCodeClauses.length).toBeGreaterThan(0);
    const gate = gateTarget(preErrorCodes);
    expect(gate).toMatchObject({ against: AGAINST_CONTRACT, ship: false, lost: errorCodeClauses.length, blocking: errorCodeClauses.length });
    // the gate's own decision, not a restatement of it
    expect(gate.reasons).toEqual(judgeContract(preErrorCodes).reasons);
  });

  it("against a baseline, says what `gate --baseline` says", () => {
    const baseline = outcomes();
    const gate = gateTarget(preErrorCodes, { outcomes: baseline, file: "/b/0.5.1.13-fake.json" });
    const decision = compareOutcomes(baseline, preErrorCodes);
    expect(gate).toMatchObject({ against: "/b/0.5.1.13-fake.json", ship: decision.ship, reasons: decision.reasons, lost: errorCodeClauses.length });
  });

  it("a build that passes ships; one with no outcomes (did not run) does not", () => {
    expect(gateTarget(outcomes())).toMatchObject({ ship: true, reasons: [] });
    expect(gateTarget(undefined)).toMatchObject({ ship: false });
  });
});

describe("compatOf with the gate's verdicts", () => {
  const SELECTION = { areas: ["task-state" as const], grep: null };
  function ran(spec: TargetSpec): TargetOutcome {
    const o = outcomeWithoutResults(spec, "missing", "x", selectionOf({ selection: SELECTION }), { shard: { index: 1, count: 1 } });
    const cells = Object.fromEntries(Object.keys(o.cells).map((id) => [id, { status: "passed" as const, results: 1 }]));
    const { reason: _reason, ...rest } = o;
    return { ...rest, availability: "ran", egoVersion: "0.5.1.13", persona: spec.kind === "fake" ? spec.persona : null, cells, runId: "r1", startedAt: "2026-11-30T10:00:00.000Z", finishedAt: "2026-11-30T10:00:01.000Z" };
  }
  const targets = [ran(personaTarget("current")), ran(personaTarget("pre-error-codes"))];
  const merged: MergedMatrix = { plan: makePlan(targets.map((o) => o.spec), SELECTION), shardCount: 1, harness: { name: "ego-conformance", version: "0.1.0" }, sources: [{ shard: { index: 1, count: 1 }, bundle: "/b", createdAt: "2026-11-30T10:00:02.000Z" }], outcomes: targets, results: [], warnings: [] };

  it("puts each target's verdict beside its score, and the targets that ship at the top", () => {
    const byTarget = new Map([["persona-current", gateTarget(outcomes())], ["persona-pre-error-codes", gateTarget(preErrorCodes)]]);
    const compat = compatOf(merged, new Date("2026-11-30T12:00:00Z"), { against: AGAINST_CONTRACT, byTarget });
    expect(() => CompatJson.parse(compat)).not.toThrow();
    expect(compat.gate).toEqual({ against: AGAINST_CONTRACT, ship: ["persona-current"] });
    expect(compat.targets.find((t) => t.key === "persona-pre-error-codes")!.gate).toMatchObject({ ship: false, lost: errorCodeClauses.length });
  });
});

describe("the matrix's Allure release gate", () => {
  const SELECTION = { areas: ["task-state" as const], grep: null };
  function gatedCompat(gates: Record<string, ReturnType<typeof gateTarget>>, against = AGAINST_CONTRACT): CompatJson {
    const specs = [personaTarget("current"), personaTarget("pre-error-codes")];
    const outcomes = specs.map((spec) => outcomeWithoutResults(spec, "missing", "x", selectionOf({ selection: SELECTION }), { shard: { index: 1, count: 1 } }));
    const merged: MergedMatrix = { plan: makePlan(specs, SELECTION), shardCount: 1, harness: { name: "ego-conformance", version: "0.1.0" }, sources: [], outcomes, results: [], warnings: [] };
    return compatOf(merged, new Date("2026-11-30T12:00:00Z"), { against, byTarget: new Map(Object.entries(gates)) });
  }

  it("fails when any target may not ship, naming each such target with the gate's reasons", () => {
    const held = gateTarget(preErrorCodes);
    const verdict = matrixReportVerdict(gatedCompat({ "persona-current": gateTarget(outcomes()), "persona-pre-error-codes": held }));
    expect(verdict).toMatchObject({ rule: RELEASE_GATE_RULE, success: false, expected: "ship", actual: "do not ship" });
    expect(verdict.message).toMatch(/^DO NOT SHIP \(ego-conformance gate, each target against the contract\): 1 of 2 target\(s\) may not ship: persona-pre-error-codes /);
    expect(verdict.message).toContain(held.reasons[0]!);
    expect(verdict.message).not.toMatch(/persona-current/);
  });

  it("passes only when every target ships, and says what they were gated against", () => {
    const verdict = matrixReportVerdict(gatedCompat({ "persona-current": gateTarget(outcomes()), "persona-pre-error-codes": gateTarget(outcomes()) }, "/b/0.5.1.13-fake.json"));
    expect(verdict).toMatchObject({ rule: RELEASE_GATE_RULE, success: true, actual: "ship" });
    expect(verdict.message).toBe("SHIP (ego-conformance gate, each target against /b/0.5.1.13-fake.json): 2 of 2 target(s) may ship");
  });

  it("a target with no verdict (it wrote no gate) may not ship: unknown is never green", () => {
    const verdict = matrixReportVerdict(gatedCompat({ "persona-current": gateTarget(outcomes()) }));
    expect(verdict.success).toBe(false);
    expect(verdict.message).toMatch(/persona-pre-error-codes .*not gated/);
  });
});
