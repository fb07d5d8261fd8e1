import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allCellKeys, CHANGE_KINDS, changeTable, cellChange, diffColumns, type CellState } from "../../src/matrix/change.js";
import { UNSPECIFIED_OUTCOMES } from "../../src/matrix/status.js";
import { OUTCOMES } from "../../src/outcomes/statuses.js";
import { outcomeChange } from "../../src/outcomes/changes.js";

const NOT_PASSING: readonly string[] = ["failed", "broken", "known"];

const cell: fc.Arbitrary<CellState> = fc.oneof(
  fc.constantFrom(...OUTCOMES).map((status) => ({ status })),
  fc.constantFrom(...UNSPECIFIED_OUTCOMES).map((outcome) => ({ status: "unspecified" as const, outcome })),
);

describe("cellChange", () => {
  it.each([
    [{ status: "passed" }, { status: "failed" }, "regressed"],
    [{ status: "passed" }, { status: "unknown" }, "unknown"],
    [{ status: "unspecified", outcome: "as-the-fake-chose" }, { status: "broken" }, "regressed"],
    [{ status: "passed" }, { status: "known" }, "newly-known"],
    [{ status: "passed" }, { status: "precondition-failed" }, "precondition-failed"],
    [{ status: "passed" }, { status: "flaky" }, "newly-flaky"],
    [{ status: "failed" }, { status: "passed" }, "fixed"],
    [{ status: "known" }, { status: "passed" }, "fixed"],
    [{ status: "precondition-failed" }, { status: "passed" }, "fixed"],
    [{ status: "passed" }, { status: "not-applicable" }, "newly-not-applicable"],
    [{ status: "failed" }, { status: "not-applicable" }, "newly-not-applicable"],
    [{ status: "not-applicable" }, { status: "passed" }, "newly-applicable"],
    [{ status: "not-applicable" }, { status: "failed" }, "new-failure"],
    [{ status: "failed" }, { status: "broken" }, "other"],
    [{ status: "known" }, { status: "failed" }, "new-failure"],
    [{ status: "unspecified", outcome: "as-the-fake-chose" }, { status: "unspecified", outcome: "differs-from-the-fake" }, "other"],
    [{ status: "passed" }, { status: "passed" }, null],
    [{ status: "unspecified", outcome: "differs-from-the-fake" }, { status: "unspecified", outcome: "differs-from-the-fake" }, null],
  ] as [CellState, CellState, string | null][])("%j -> %j is %s", (from, to, kind) => {
    expect(cellChange(from, to)).toBe(kind);
  });

  it("agrees with the gate on every pair of different statuses (one change table)", () => {
    for (const a of OUTCOMES) {
      for (const b of OUTCOMES) {
        if (a === b) continue;
        const gate = outcomeChange(a, b);
        expect(cellChange({ status: a }, { status: b }), `${a} -> ${b}`).toBe(gate === "unchanged" ? "other" : gate);
      }
    }
    expect(cellChange({ status: "passed" }, { status: "known" })).toBe(outcomeChange("passed", "known"));
  });

  it("calls two cells the same exactly when status and outcome agree", () => {
    fc.assert(fc.property(cell, cell, (a, b) => (cellChange(a, b) === null) === (a.status === b.status && a.outcome === b.outcome)));
  });

  it("is mirrored where the change has an opposite: regressed and fixed, newly not applicable and newly applicable", () => {
    const mirror: Record<string, string> = { regressed: "fixed", "newly-not-applicable": "newly-applicable" };
    fc.assert(fc.property(cell, cell, (a, b) => {
      const there = cellChange(a, b);
      // a change to unknown or precondition-failed is that, whatever it came from
      if (a.status === "unknown" || a.status === "precondition-failed") return true;
      // coming back from not applicable to a state that does not pass is that state's news
      // (not-applicable -> failed is a new failure), not merely "newly applicable"
      if (there === "newly-not-applicable" && NOT_PASSING.includes(a.status)) return cellChange(b, a) === (a.status === "known" ? "newly-known" : "new-failure");
      return there === null || !(there in mirror) || cellChange(b, a) === mirror[there];
    }), { numRuns: 2_000 }); // 13 x 13 pairs: enough runs to meet every one
  });

  it("is what the page's table says, for every pair of cell keys", () => {
    const table = changeTable();
    const parse = (key: string): CellState => {
      const [status, outcome] = key.split(":");
      return (outcome === undefined ? { status } : { status, outcome }) as CellState;
    };
    for (const a of allCellKeys()) for (const b of allCellKeys()) expect(table[`${a}>${b}`] ?? null, `${a}>${b}`).toBe(cellChange(parse(a), parse(b)));
    expect(allCellKeys()).toHaveLength(OUTCOMES.length + UNSPECIFIED_OUTCOMES.length);
  });
});

describe("diffColumns", () => {
  it("groups the clauses whose cells differ, in catalogue order, every kind present", () => {
    const clauses = [
      { id: "a", cells: { x: { status: "passed" }, y: { status: "failed" } } },
      { id: "b", cells: { x: { status: "passed" }, y: { status: "passed" } } },
      { id: "c", cells: { x: { status: "passed" }, y: { status: "not-applicable" } } },
      { id: "d", cells: { x: { status: "failed" }, y: { status: "passed" } } },
      { id: "e", cells: { x: { status: "passed" }, y: { status: "broken" } } },
      { id: "f", cells: { x: { status: "passed" } } },
    ] as { id: string; cells: Record<string, CellState> }[];
    const groups = diffColumns(clauses, "x", "y");
    expect(Object.keys(groups)).toEqual([...CHANGE_KINDS]);
    expect(groups.regressed.map((c) => c.clause)).toEqual(["a", "e"]);
    expect(groups.fixed.map((c) => c.clause)).toEqual(["d"]);
    expect(groups["newly-not-applicable"]).toEqual([{ clause: "c", kind: "newly-not-applicable", from: { status: "passed" }, to: { status: "not-applicable" } }]);
    expect(groups.other).toEqual([]);
  });
});
