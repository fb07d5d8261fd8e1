// The gate without a baseline judges the contract itself, and with one tells the harness's own
// lacks (no operator, no real pages, no launcher) from the build's: those are "not judged here",
// with the command that judges them, and never block; a feature the build lost still blocks.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { featuresForVersion } from "../../src/contract/build-features.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import { judgeContract } from "../../src/gate/contract-gate.js";
import { gateJson, renderGate } from "../../src/gate/render.js";
import { resolveBaseline } from "../../src/gate/baseline-store.js";
import type { ClauseOutcome, RunOutcomes } from "../../src/gate/outcomes-file.js";
import { NOT_APPLICABLE_FIXES, notApplicableFix } from "../../src/outcomes/not-applicable.js";
import { outcomesFixture } from "../safety/outcomes-fixture.js";

function run(clauses: Record<string, ClauseOutcome>, extra: Partial<RunOutcomes> = {}): RunOutcomes {
  // an installed run's outcomes file, as the input-hygiene tests build it, with these clauses
  return { ...outcomesFixture([]), runId: "r", date: "2026-01-01T00:00:00.000Z", targetName: "/opt/ego-browser", clauses, ...extra };
}

/** Every catalogue clause as a passing build gives it: passed, or unspecified when the catalogue leaves it open. */
function passing(): Record<string, ClauseOutcome> {
  return Object.fromEntries(CATALOGUE.map((c) => [c.id, { status: c.unspecified ? "unspecified" : "passed" }]));
}

const operatorClauses = CATALOGUE.filter((c) => c.needs.includes("operator")).map((c) => c.id);
const profileClauses = CATALOGUE.filter((c) => c.features.includes("profiles")).map((c) => c.id);
const browserVersionClauses = CATALOGUE.filter((c) => c.features.includes("browser-version")).map((c) => c.id);

function with_(base: Record<string, ClauseOutcome>, ids: readonly string[], outcome: ClauseOutcome): Record<string, ClauseOutcome> {
  return { ...base, ...Object.fromEntries(ids.map((id) => [id, outcome])) };
}

describe("every not-applicable key says whose lack it is", () => {
  it("the harness's environment for capabilities and run choices, the build's for features and versions", () => {
    const lacking = Object.fromEntries(Object.entries(NOT_APPLICABLE_FIXES).map(([k, v]) => [k, v.lacking]));
    expect(lacking).toEqual({
      "needs:pages": "environment",
      "needs:cdp-traffic": "environment",
      "needs:operator": "environment",
      "needs:launcher": "environment",
      "target:in-process": "environment",
      slow: "environment",
      version: "build",
      "feature:": "build",
    });
  });
});

describe("gate without a baseline: the contract", () => {
  it("ships a build that passes every clause", () => {
    const d = judgeContract(run(passing()));
    expect(d.against).toBe("contract");
    expect(d.ship).toBe(true);
    expect(d.reasons).toEqual([]);
  });

  it.each(["failed", "broken", "precondition-failed", "unknown"] as const)("does not ship with one %s clause", (status) => {
    const id = CATALOGUE[3]!.id;
    const d = judgeContract(run({ ...passing(), [id]: { status, message: "boom" } }));
    expect(d.ship).toBe(false);
    expect(d.rows.filter((r) => r.blocking).map((r) => r.clause)).toEqual([id]);
    expect(d.reasons.join(" ")).toMatch(/^1 clause/);
  });

  it("does not ship a run that left a catalogue clause out", () => {
    const clauses = passing();
    const id = CATALOGUE[0]!.id;
    delete clauses[id];
    const d = judgeContract(run(clauses));
    expect(d.ship).toBe(false);
    expect(d.rows.find((r) => r.clause === id)).toMatchObject({ blocking: true });
  });

  it("on an installed target, clauses that need real pages are not judged here with the fake app's command, not Chromium's", () => {
    const pageClauses = CATALOGUE.filter((c) => c.needs.includes("pages")).map((c) => c.id);
    expect(pageClauses.length).toBeGreaterThan(0);
    const installed = judgeContract(run(with_(passing(), pageClauses, { status: "not-applicable", notApplicable: "needs:pages" }), { target: "installed" }));
    expect(installed.ship).toBe(true);
    expect(installed.notJudgedHere).toEqual([{ key: "needs:pages", need: "real pages", command: notApplicableFix("needs:pages", "installed")!.fix, clauses: [...pageClauses].sort() }]);
    expect(installed.notJudgedHere[0]!.command).toMatch(/fake start --dir D --pages chromium/);
    // the in-process fake's run: installing Chromium is what judges them
    const fake = judgeContract(run(with_(passing(), pageClauses, { status: "not-applicable", notApplicable: "needs:pages" }), { target: "fake" }));
    expect(fake.notJudgedHere[0]!.command).toBe(NOT_APPLICABLE_FIXES["needs:pages"]!.fix);
  });

  it("reports clauses that need an operator as not judged here, with the command, and ships", () => {
    expect(operatorClauses.length).toBeGreaterThan(0);
    const d = judgeContract(run(with_(passing(), operatorClauses, { status: "not-applicable", notApplicable: "needs:operator" })));
    expect(d.ship).toBe(true);
    expect(d.notJudgedHere).toEqual([{ key: "needs:operator", need: NOT_APPLICABLE_FIXES["needs:operator"]!.need, command: NOT_APPLICABLE_FIXES["needs:operator"]!.fix, clauses: [...operatorClauses].sort() }]);
    const text = renderGate(d, run(passing()));
    expect(text).toContain(`${operatorClauses.length} clause(s) not judged here`);
    expect(text).toContain("--operator");
    expect(text).toMatch(/^SHIP: /m);
  });

  it("does not ship a build that lacks a feature its version has (coverage lost), and says which", () => {
    expect(featuresForVersion("0.5.1.13").features.has("profiles")).toBe(true);
    const d = judgeContract(run(with_(passing(), profileClauses, { status: "not-applicable", notApplicable: "feature:profiles" })));
    expect(d.ship).toBe(false);
    expect(d.reasons.join(" ")).toContain(`${profileClauses.length} clause(s)`);
    expect(d.reasons.join(" ")).toContain("profiles");
    expect(d.lost).toBe(profileClauses.length);
  });

  it("ships a build whose version documentedly lacks the feature (not applicable to it)", () => {
    expect(featuresForVersion("0.4.4.0").features.has("browser-version")).toBe(false);
    const clauses = with_(passing(), browserVersionClauses, { status: "not-applicable", notApplicable: "feature:browser-version" });
    // 0.4.4.0 lacks more than browser-version by the table: mark those too, as a gated run would
    const lacking = CATALOGUE.filter((c) => c.features.some((f) => !featuresForVersion("0.4.4.0").features.has(f)));
    for (const c of lacking) clauses[c.id] = { status: "not-applicable", notApplicable: `feature:${c.features.find((f) => !featuresForVersion("0.4.4.0").features.has(f))}` };
    const d = judgeContract(run(clauses, { egoVersion: "0.4.4.0" }));
    expect(d.reasons).toEqual([]);
    expect(d.ship).toBe(true);
  });

  it("counts by clause, per outcome, as the run's terminal line does", () => {
    const id = CATALOGUE[5]!.id;
    const d = judgeContract(run({ ...passing(), [id]: { status: "failed" } }));
    expect(d.outcomes.failed).toBe(1);
    expect(Object.values(d.outcomes).reduce((a, b) => a + b, 0)).toBe(CATALOGUE.length);
    expect(gateJson(d, run(passing()))).toMatchObject({ ship: false, against: "contract", outcomes: { failed: 1 } });
  });

  it("a not-applicable clause without a recorded reason blocks (never green without a reason)", () => {
    const d = judgeContract(run(with_(passing(), [profileClauses[0]!], { status: "not-applicable" })));
    expect(d.ship).toBe(false);
  });
});

describe("gate against a baseline: the harness's lacks do not block, the build's do", () => {
  it("a clause that ran in the baseline and needs an operator now is not judged here, and ships", () => {
    const d = compareOutcomes(run(passing()), run(with_(passing(), operatorClauses, { status: "not-applicable", notApplicable: "needs:operator" })));
    expect(d.ship).toBe(true);
    expect(d.notJudgedHere.map((g) => g.key)).toEqual(["needs:operator"]);
    expect(d.rows.filter((r) => r.notJudgedHere).length).toBe(operatorClauses.length);
    expect(renderGate(d, run(passing()), { outcomes: run(passing()), file: "/b.json" })).toContain("not judged here");
  });

  it("a feature the baseline had and the build lost blocks", () => {
    const d = compareOutcomes(run(passing()), run(with_(passing(), profileClauses, { status: "not-applicable", notApplicable: "feature:profiles" })));
    expect(d.ship).toBe(false);
    expect(d.rows.filter((r) => r.blocking).length).toBe(profileClauses.length);
  });
});

describe("baselines saved elsewhere", () => {
  it("a key resolves inside the given directory", () => {
    expect(resolveBaseline("0.5.1.13", "/somewhere/baselines", "/cwd")).toBe("/somewhere/baselines/0.5.1.13.json");
  });
});
