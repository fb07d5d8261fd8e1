import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { RESULT_STATUSES } from "../../src/report/results-reader.js";
import { summarize, summaryPassed, type Counts } from "../../src/report/summary.js";
import { clauseOutcome, OUTCOMES, worstOutcome } from "../../src/outcomes/index.js";
import { clause, result } from "./helpers.js";

const A = clause("tabs.a");
const B = clause("tabs.b");
const C = clause("cdp.c");
const U = clause("tabs.u", { unspecified: { question: "q? open", choice: "the fake does x (fake)", core: null, openDetail: "all of it (test)", basis: "a test basis" } });
const catalogue = [A, B, C, U];

const sum = (c: Counts) => OUTCOMES.reduce((n, b) => n + c[b], 0);

describe("per-clause status", () => {
  it.each([
    [["passed", "broken", "failed"], "broken"],
    [["passed", "failed", "unknown"], "failed"],
    [["passed", "unknown", "not-applicable"], "unknown"],
    [["not-applicable", "passed"], "passed"],
    [["not-applicable", "not-applicable"], "not-applicable"],
    [["passed", "precondition-failed", "failed"], "failed"],
    [["passed", "precondition-failed", "known"], "precondition-failed"],
    [["passed", "flaky"], "flaky"],
    [[], "unknown"],
  ] as const)("worst of %j is %s", (statuses, expected) => {
    expect(worstOutcome(statuses)).toBe(expected);
  });

  it("takes the worst of a clause's parameterised results, with their messages", () => {
    const s = summarize(
      [
        result({ clause: "tabs.a", status: "passed" }),
        result({ clause: "tabs.a", status: "failed", message: "expected EGO_X\nat line 2" }),
        result({ clause: "tabs.a", status: "failed", message: "expected EGO_X\nat line 2" }),
        result({ clause: "tabs.a", status: "failed", message: "other" }),
      ],
      catalogue,
    );
    expect(s.clauses.find((c) => c.id === "tabs.a")).toEqual({
      id: "tabs.a", area: "tabs", method: "listTaskSpaces", status: "failed", unspecified: false, results: 4,
      messages: ["expected EGO_X\nat line 2", "other"],
    });
  });

  it("reports a selected clause with no result as unknown, and unknown is not a pass", () => {
    const s = summarize([result({ clause: "tabs.a", status: "passed" })], catalogue);
    const b = s.clauses.find((c) => c.id === "tabs.b");
    expect(b).toMatchObject({ status: "unknown", results: 0 });
    expect(b?.messages).toBeUndefined();
    expect(s.totals.unknown).toBe(3);
    expect(summaryPassed(s)).toBe(false);
  });

  it("uses the not-applicable reason as the message of a skipped clause", () => {
    const s = summarize([result({ clause: "cdp.c", status: "skipped", notApplicable: "needs:cdp-traffic" })], catalogue);
    expect(s.clauses.find((c) => c.id === "cdp.c")?.messages).toEqual(["not applicable: needs:cdp-traffic"]);
  });

  it("gives null method for a clause about the contract as a whole", () => {
    const s = summarize([], [clause("error-codes.whole", { methods: [] })]);
    expect(s.clauses[0]?.method).toBeNull();
  });
});

describe("totals", () => {
  it("count a passed unspecified clause as unspecified, not passed; other statuses as themselves", () => {
    const s = summarize(
      [
        result({ clause: "tabs.a", status: "passed" }),
        result({ clause: "tabs.b", status: "skipped" }),
        result({ clause: "cdp.c", status: "broken" }),
        result({ clause: "tabs.u", status: "passed" }),
      ],
      catalogue,
    );
    expect(s.totals).toEqual({ passed: 1, failed: 0, "precondition-failed": 0, broken: 1, "not-applicable": 1, known: 0, flaky: 0, unspecified: 1, unknown: 0 });
    expect(s.areas).toEqual({
      tabs: { passed: 1, failed: 0, "precondition-failed": 0, broken: 0, "not-applicable": 1, known: 0, flaky: 0, unspecified: 1, unknown: 0 },
      cdp: { passed: 0, failed: 0, "precondition-failed": 0, broken: 1, "not-applicable": 0, known: 0, flaky: 0, unspecified: 0, unknown: 0 },
    });
    const u = s.clauses.find((c) => c.id === "tabs.u")!;
    expect(u).toMatchObject({ status: "passed", unspecified: true });
    expect(clauseOutcome(u.status, u.unspecified)).toBe("unspecified");
  });

  it("count an unspecified clause that is broken as broken", () => {
    const s = summarize([result({ clause: "tabs.u", status: "broken" })], [U]);
    expect(s.totals).toMatchObject({ broken: 1, unspecified: 0 });
  });

  it("pass when nothing failed, broke or stayed unknown; skipped and unspecified are fine", () => {
    const s = summarize(
      [
        result({ clause: "tabs.a", status: "passed" }),
        result({ clause: "tabs.b", status: "skipped" }),
        result({ clause: "tabs.u", status: "passed" }),
      ],
      catalogue,
      { selected: (c) => c.area === "tabs" },
    );
    expect(summaryPassed(s)).toBe(true);
    for (const status of ["failed", "broken", "unknown"] as const) {
      const bad = summarize([result({ clause: "tabs.a", status })], [A]);
      expect(summaryPassed(bad), status).toBe(false);
    }
  });

  it("are a partition of the selected clauses (property)", () => {
    const ids = catalogue.map((c) => c.id);
    const arbResult = fc.record({
      clause: fc.constantFrom(...ids),
      status: fc.constantFrom(...RESULT_STATUSES),
    });
    fc.assert(
      fc.property(fc.array(arbResult, { maxLength: 30 }), fc.subarray(ids), (specs, chosen) => {
        const selected = new Set(chosen);
        const s = summarize(specs.map((r) => result(r)), catalogue, { selected: (c) => selected.has(c.id) });
        expect(sum(s.totals)).toBe(selected.size);
        expect(s.clauses.map((c) => c.id).sort()).toEqual([...selected].sort());
        for (const [area, counts] of Object.entries(s.areas)) {
          expect(sum(counts)).toBe(s.clauses.filter((c) => c.area === area).length);
        }
        for (const b of OUTCOMES) {
          expect(s.totals[b]).toBe(s.clauses.filter((c) => clauseOutcome(c.status, c.unspecified) === b).length);
        }
        expect(s.totals.known).toBe(0);
      }),
    );
  });

  it("are a partition of the real catalogue under any selection (property)", () => {
    fc.assert(
      fc.property(
        fc.subarray(CATALOGUE.map((c) => c.id)),
        fc.array(fc.constantFrom(...RESULT_STATUSES), { minLength: CATALOGUE.length, maxLength: CATALOGUE.length }),
        (chosen, statuses) => {
          const selected = new Set(chosen);
          const results = CATALOGUE.map((c, i) => result({ clause: c.id, status: statuses[i]! }));
          const s = summarize(results, CATALOGUE, { selected: (c) => selected.has(c.id) });
          expect(sum(s.totals)).toBe(selected.size);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("selection", () => {
  it("that matches nothing does not pass: nothing was verified", () => {
    const s = summarize([result({ clause: "tabs.a", status: "passed" })], catalogue, { selected: () => false });
    expect(s.totals).toEqual({ passed: 0, failed: 0, "precondition-failed": 0, broken: 0, "not-applicable": 0, known: 0, flaky: 0, unspecified: 0, unknown: 0 });
    expect(summaryPassed(s)).toBe(false);
  });

  it("does not report unselected clauses, and ignores their results", () => {
    const s = summarize(
      [result({ clause: "tabs.a", status: "passed" }), result({ clause: "cdp.c", status: "failed" })],
      catalogue,
      { selected: (c) => c.id === "tabs.a" },
    );
    expect(s.clauses.map((c) => c.id)).toEqual(["tabs.a"]);
    expect(Object.keys(s.areas)).toEqual(["tabs"]);
    expect(summaryPassed(s)).toBe(true);
  });

  it("keeps catalogue order", () => {
    const s = summarize([], catalogue);
    expect(s.clauses.map((c) => c.id)).toEqual(["tabs.a", "tabs.b", "cdp.c", "tabs.u"]);
  });
});

describe("run labels", () => {
  it("come from the results when they agree", () => {
    const s = summarize(
      [result({ clause: "tabs.a", status: "passed", persona: "p1" }), result({ clause: "tabs.b", status: "passed", persona: "p1" })],
      catalogue,
    );
    expect(s).toMatchObject({ target: "fake", targetName: "fake 0.5.0.19", egoVersion: "0.5.0.19", persona: "p1", problems: [] });
  });

  it("are null with no results at all (nothing to say)", () => {
    const s = summarize([], catalogue);
    expect(s).toMatchObject({ target: null, egoVersion: null, persona: null, problems: [] });
  });

  it("say so when the results disagree on the target or the version, rather than pick one", () => {
    const s = summarize(
      [
        result({ clause: "tabs.a", status: "passed", target: "fake", egoVersion: "0.5.0.19" }),
        result({ clause: "tabs.b", status: "passed", target: "installed", egoVersion: "0.4.4.2" }),
      ],
      catalogue,
      { selected: (c) => c.area === "tabs" && !c.unspecified },
    );
    expect(s.target).toBeNull();
    expect(s.egoVersion).toBeNull();
    expect(s.problems).toContainEqual({ kind: "labels-disagree", label: "target", values: ["fake", "installed"] });
    expect(s.problems).toContainEqual({ kind: "labels-disagree", label: "ego_version", values: ["0.4.4.2", "0.5.0.19"] });
    expect(summaryPassed(s)).toBe(false);
  });

  it("flags results without a clause label, or with a clause the catalogue lacks", () => {
    const s = summarize(
      [result({ status: "passed", name: "anonymous" }), result({ clause: "tabs.zzz", status: "failed", name: "stray" })],
      catalogue,
    );
    expect(s.problems).toContainEqual(expect.objectContaining({ kind: "missing-label", label: "clause" }));
    expect(s.problems).toContainEqual(expect.objectContaining({ kind: "unknown-clause", clause: "tabs.zzz" }));
  });
});
