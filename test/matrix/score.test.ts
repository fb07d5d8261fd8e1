import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CompatCell } from "../../src/matrix/compat-schema.js";
import { interop, scoreTarget } from "../../src/matrix/score.js";
import { UNSPECIFIED_OUTCOMES } from "../../src/matrix/status.js";
import { OUTCOMES } from "../../src/outcomes/statuses.js";

const cellArb: fc.Arbitrary<CompatCell> = fc.record({ status: fc.constantFrom(...OUTCOMES), results: fc.nat(3) }).chain((c) =>
  c.status === "unspecified" ? fc.constantFrom(...UNSPECIFIED_OUTCOMES).map((outcome) => ({ ...c, outcome })) : fc.constant(c),
);
const column = fc.array(fc.tuple(fc.boolean(), cellArb), { maxLength: 60 }).map((rows) => ({
  clauses: new Map(rows.map(([unspecified], i) => [`c${i}`, { unspecified }])),
  cells: Object.fromEntries(rows.map(([, cell], i) => [`c${i}`, cell])),
}));

describe("scoreTarget", () => {
  it("counts passed over applicable required clauses; known, failed, broken and unknown lower it", () => {
    const clauses = new Map([["a", { unspecified: false }], ["b", { unspecified: false }], ["c", { unspecified: false }], ["d", { unspecified: false }], ["e", { unspecified: false }], ["u", { unspecified: true }], ["v", { unspecified: true }]]);
    const score = scoreTarget(clauses, {
      a: { status: "passed", results: 1 },
      b: { status: "known", results: 1 },
      c: { status: "not-applicable", results: 1 },
      d: { status: "unknown", results: 0 },
      e: { status: "passed", results: 2 },
      u: { status: "unspecified", outcome: "differs-from-the-fake", results: 1 },
      v: { status: "broken", results: 1 },
    });
    expect(score).toEqual({ value: 0.5, passed: 2, applicable: 4, failed: 0, preconditionFailed: 0, broken: 0, known: 1, flaky: 0, unknown: 1, notApplicable: 1, unspecified: { observed: 1, differs: 1, unobserved: 1 } });
  });

  it("has no value when nothing applicable ran", () => {
    expect(scoreTarget(new Map([["a", { unspecified: false }]]), { a: { status: "not-applicable", results: 1 } }).value).toBeNull();
  });

  it("partitions the cells, and its value is passed / applicable within [0, 1]", () => {
    fc.assert(
      fc.property(column, ({ clauses, cells }) => {
        const s = scoreTarget(clauses, cells);
        const total = s.passed + s.failed + s.preconditionFailed + s.broken + s.known + s.unknown + s.notApplicable + s.unspecified.observed + s.unspecified.unobserved;
        expect(total).toBe(Object.keys(cells).length);
        expect(s.applicable).toBe(s.passed + s.failed + s.preconditionFailed + s.broken + s.known + s.unknown);
        expect(s.flaky).toBeLessThanOrEqual(s.passed);
        expect(s.value).toBe(s.applicable === 0 ? null : s.passed / s.applicable);
        expect(s.unspecified.differs).toBeLessThanOrEqual(s.unspecified.observed);
      }),
    );
  });

  it("refuses a cell for a clause it does not know", () => {
    expect(() => scoreTarget(new Map(), { x: { status: "passed", results: 1 } })).toThrow(/clause 'x'/);
  });
});

describe("interop", () => {
  it("counts a required clause once if it passed on every target where it applies", () => {
    const p = (status: CompatCell["status"]): CompatCell => ({ status, results: 1 });
    const result = interop(
      [
        { unspecified: false, cells: { x: p("passed"), y: p("passed") } },
        { unspecified: false, cells: { x: p("passed"), y: p("not-applicable") } },
        { unspecified: false, cells: { x: p("passed"), y: p("known") } },
        { unspecified: false, cells: { x: p("not-applicable"), y: p("not-applicable") } },
        { unspecified: true, cells: { x: p("failed"), y: p("passed") } },
        { unspecified: false, cells: { x: p("passed"), y: p("passed"), z: p("unknown") } },
      ],
      ["x", "y"],
    );
    expect(result).toEqual({ value: 3 / 4, holdEverywhere: 3, applicable: 4 });
  });
});
