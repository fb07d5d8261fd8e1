// The gate's classification and verdict, pure and property-tested.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOCKING, CHANGES, CHANGE_TEXT, outcomeChange, type Change } from "../../src/outcomes/changes.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import { OUTCOMES, type Outcome } from "../../src/outcomes/statuses.js";
import { OutcomeInFile, type RunOutcomes } from "../../src/gate/outcomes-file.js";

const STATUSES = OUTCOMES;
const RAN: readonly Outcome[] = ["passed", "flaky", "failed", "broken", "known", "unspecified"];

function run(clauses: Record<string, Outcome>, extra: Partial<RunOutcomes> = {}): RunOutcomes {
  return {
    schema: 1,
    runId: "r",
    date: "2026-01-01T00:00:00.000Z",
    target: "fake",
    targetName: "fake",
    egoVersion: "0.5.1.13",
    persona: null,
    ungated: false,
    catalogueClauses: Object.keys(clauses).length,
    passed: true,
    problems: [],
    expectations: null,
    clauses: Object.fromEntries(Object.entries(clauses).map(([id, status]) => [id, { status }])),
    ...extra,
  };
}

const clauseId = fc.stringMatching(/^[a-z]{1,6}\.[a-z]{1,6}$/);
/** outcome maps with at least one clause that ran, no unknown */
const settled = fc
  .dictionary(clauseId, fc.constantFrom<Outcome>("passed", "flaky", "failed", "broken", "not-applicable", "known", "unspecified"), { minKeys: 1, maxKeys: 12 })
  .filter((m) => Object.values(m).some((s) => RAN.includes(s)));
const anyMap = fc.dictionary(clauseId, fc.constantFrom(...STATUSES), { minKeys: 1, maxKeys: 12 });

describe("outcomeChange", () => {
  it("follows the table of src/outcomes/changes.ts", () => {
    const G = "passed", R = "failed", K = "known", N = "not-applicable", U = "unknown", A = undefined, P = "precondition-failed", F = "flaky";
    const table: [Outcome | undefined, Outcome | undefined, Change][] = [
      [G, G, "unchanged"], [G, R, "regressed"], [G, K, "newly-known"], [G, N, "newly-not-applicable"], [G, U, "unknown"], [G, A, "missing"],
      [G, P, "precondition-failed"], [P, P, "precondition-failed"], [R, P, "precondition-failed"], [P, R, "new-failure"], [P, G, "fixed"],
      [G, F, "newly-flaky"], [F, G, "other"], [F, R, "regressed"], [N, F, "newly-applicable"],
      [R, G, "fixed"], [R, "broken", "other"], [R, R, "unchanged"], [R, K, "newly-known"], [R, N, "newly-not-applicable"], [R, A, "missing"],
      [K, G, "fixed"], [K, R, "new-failure"], [K, K, "unchanged"], [K, N, "newly-not-applicable"],
      [N, G, "newly-applicable"], [N, R, "new-failure"], [N, K, "newly-known"], [N, N, "unchanged"], [N, A, "missing"],
      [U, G, "fixed"], [U, R, "new-failure"], [U, U, "unknown"],
      [A, G, "added"], [A, "unspecified", "added"], [A, R, "new-failure"], [A, K, "newly-known"], [A, N, "added"], [A, U, "unknown"],
      ["unspecified", G, "unchanged"], ["unspecified", "broken", "regressed"],
    ];
    for (const [b, c, change] of table) expect(outcomeChange(b, c), `${b} -> ${c}`).toBe(change);
  });

  it("has a title and a reason for each change, in the changes' order, and for nothing else (src/outcomes/change-text.json)", () => {
    expect(Object.keys(CHANGE_TEXT)).toEqual([...CHANGES]);
    for (const change of CHANGES) expect(Object.keys(CHANGE_TEXT[change]).sort(), change).toEqual(["reason", "title"]);
  });
});

describe("the gate's verdict (properties)", () => {
  it("ships a run identical to its baseline (nothing unknown, something ran)", () => {
    fc.assert(
      fc.property(settled, (m) => {
        expect(compareOutcomes(run(m), run(m)).ship).toBe(true);
      }),
    );
  });

  it("never ships a regression: a clause that passed and fails now", () => {
    fc.assert(
      fc.property(settled, clauseId, fc.constantFrom<Outcome>("failed", "broken"), (m, id, bad) => {
        const decision = compareOutcomes(run({ ...m, [id]: "passed" }), run({ ...m, [id]: bad }));
        expect(decision.ship).toBe(false);
        expect(decision.rows.find((r) => r.clause === id)).toMatchObject({ change: "regressed", blocking: true });
      }),
    );
  });

  it("never ships when a baseline clause is missing now", () => {
    fc.assert(
      fc.property(settled, clauseId, fc.constantFrom(...STATUSES), (m, id, s) => {
        const current = { ...m };
        delete current[id];
        fc.pre(Object.values(current).some((x) => RAN.includes(x)));
        expect(compareOutcomes(run({ ...m, [id]: s }), run(current)).ship).toBe(false);
      }),
    );
  });

  it("never ships with an unknown clause in the current run", () => {
    fc.assert(
      fc.property(anyMap, anyMap, clauseId, (b, c, id) => {
        expect(compareOutcomes(run(b), run({ ...c, [id]: "unknown" })).ship).toBe(false);
      }),
    );
  });

  it("ships only when no row blocks, something ran and the results have no problems", () => {
    fc.assert(
      fc.property(anyMap, anyMap, fc.nat({ max: 15 }), fc.boolean(), (b, c, min, troubled) => {
        const d = compareOutcomes(run(b), run(c, troubled ? { problems: ["mixed runs"] } : {}), { minClauses: min });
        const ran = Object.values(c).filter((s) => RAN.includes(s)).length;
        expect(d.ship).toBe(d.rows.every((r) => !BLOCKING.has(r.change!)) && ran >= Math.max(1, min) && !troubled);
        if (!d.ship) expect(d.reasons.length).toBeGreaterThan(0);
      }),
    );
  });

  it("does not depend on the order of the clauses", () => {
    fc.assert(
      fc.property(anyMap, anyMap, (b, c) => {
        const reversed = (m: Record<string, Outcome>) => Object.fromEntries(Object.entries(m).reverse());
        const one = compareOutcomes(run(b), run(c));
        const two = compareOutcomes(run(reversed(b)), run(reversed(c)));
        expect(two.ship).toBe(one.ship);
        expect(two.rows).toEqual(one.rows);
      }),
    );
  });

  it("still ships when a clause of an identical run gets better (becomes passed)", () => {
    fc.assert(
      fc.property(settled, fc.nat(), (m, pick) => {
        const ids = Object.keys(m);
        const id = ids[pick % ids.length]!;
        expect(compareOutcomes(run(m), run({ ...m, [id]: "passed" })).ship).toBe(true);
      }),
    );
  });

  it("counts known failures as allowed, and a known failure no longer covered as a new failure", () => {
    expect(compareOutcomes(run({ "a.b": "passed", "a.c": "passed" }), run({ "a.b": "known", "a.c": "passed" })).ship).toBe(true);
    expect(compareOutcomes(run({ "a.b": "known", "a.c": "passed" }), run({ "a.b": "failed", "a.c": "passed" })).rows[0]).toMatchObject({ change: "new-failure", blocking: true });
  });

  it("never ships a precondition failure, even one the baseline had", () => {
    const m = { "a.b": "passed", "a.c": "precondition-failed" } as const;
    const d = compareOutcomes(run(m), run(m));
    expect(d.ship).toBe(false);
    expect(d.rows.find((r) => r.clause === "a.c")).toMatchObject({ change: "precondition-failed", blocking: true });
  });

  it("reads outcome files that still say skipped as not-applicable", () => {
    expect(OutcomeInFile.parse("skipped")).toBe("not-applicable");
  });

  it("refuses a run that ran fewer clauses than --min-clauses", () => {
    const m = { "a.b": "passed", "a.c": "not-applicable" } as const;
    const d = compareOutcomes(run(m), run(m), { minClauses: 2 });
    expect(d.ship).toBe(false);
    expect(d.reasons).toEqual(["only 1 clause(s) ran, fewer than the 2 required (--min-clauses)"]);
  });
});
