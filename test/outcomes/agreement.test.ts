/**
 * Every reader of a run applies the one outcome model (src/outcomes): the terminal summary, the
 * `--json` summary, the outcomes file the gate reads, and the compat cells name each clause's
 * outcome alike, count precondition failures apart from broken, and never pass one.
 */
import { describe, expect, it } from "vitest";
import { outcomesFromSummary } from "../../src/gate/outcomes-file.js";
import { compareOutcomes } from "../../src/gate/compare.js";
import { cellOf } from "../../src/matrix/collect.js";
import { scoreTarget } from "../../src/matrix/score.js";
import { LABEL } from "../../src/labels/labels.js";
import { summarize, summaryPassed } from "../../src/report/summary.js";
import { renderJson, renderTerminal } from "../../src/report/terminal.js";
import type { TestResult } from "../../src/report/results-reader.js";
import { clause, result } from "../report/helpers.js";

const catalogue = [clause("tabs.pass"), clause("tabs.na"), clause("tabs.pre"), clause("tabs.broke"), clause("tabs.flaky"), clause("cdp.fail")];

function labelled(r: TestResult, labels: Record<string, string>): TestResult {
  return { ...r, labels: [...r.labels, ...Object.entries(labels).map(([name, value]) => ({ name, value }))] };
}

const results = [
  result({ clause: "tabs.pass", status: "passed" }),
  result({ clause: "tabs.na", status: "skipped", notApplicable: "feature:profiles", message: "not applicable: needs the 'profiles' feature" }),
  labelled(result({ clause: "tabs.pre", status: "broken", message: "precondition failed (owned by tabs.pass): no space" }), { [LABEL.outcome]: "precondition-failed", [LABEL.preconditionOwner]: "tabs.pass" }),
  result({ clause: "tabs.broke", status: "broken", message: "TypeError: harness bug" }),
  { ...result({ clause: "tabs.flaky", status: "passed" }), flaky: true },
  result({ clause: "cdp.fail", status: "failed", message: "expected 1 to be 2" }),
];

describe("one outcome model, read alike everywhere", () => {
  const summary = summarize(results, catalogue);
  const json = renderJson(summary);
  const outcomes = outcomesFromSummary(summary, { runId: "r", catalogueClauses: catalogue.length });
  const cells = Object.fromEntries(summary.clauses.map((c) => [c.id, cellOf(c, undefined)]));

  it("names every clause's outcome the same in the JSON summary, the outcomes file (gate) and compat", () => {
    const expected = { "tabs.pass": "passed", "tabs.na": "not-applicable", "tabs.pre": "precondition-failed", "tabs.broke": "broken", "tabs.flaky": "flaky", "cdp.fail": "failed" };
    expect(Object.fromEntries(json.clauses.map((c) => [c.id, c.status]))).toEqual(expected);
    expect(Object.fromEntries(Object.entries(outcomes.clauses).map(([id, o]) => [id, o.status]))).toEqual(expected);
    expect(Object.fromEntries(Object.entries(cells).map(([id, c]) => [id, c.status]))).toEqual(expected);
  });

  it("says not-applicable in the terminal where compat does, never skipped", () => {
    const text = renderTerminal(summary);
    expect(text).toMatch(/\bnot-applicable\b/);
    expect(text).not.toMatch(/skipped/);
  });

  it("counts precondition failures apart from broken in the terminal, the JSON and compat", () => {
    expect(json.totals).toMatchObject({ "precondition-failed": 1, broken: 1, failed: 1, flaky: 1 });
    expect(json.areas.tabs).toMatchObject({ "precondition-failed": 1, broken: 1 });
    const text = renderTerminal(summary);
    expect(text).toMatch(/^Precondition failed .*: 1$/m);
    expect(text).toMatch(/^ {2}tabs\.pre +precondition failed \(owned by tabs\.pass\): no space$/m);
    expect(text).toMatch(/NOT PASSED: 1 failed, 1 precondition failed, 1 broken, 0 unknown/);
    const score = scoreTarget(new Map(catalogue.map((c) => [c.id, { unspecified: false }])), cells);
    expect(score).toMatchObject({ preconditionFailed: 1, broken: 1, flaky: 1, passed: 2 });
  });

  it("never passes a run or the gate with a precondition failure, even against a baseline that had it", () => {
    const only = summarize([result({ clause: "tabs.pass", status: "passed" }), results[2]!], [catalogue[0]!, catalogue[2]!]);
    expect(only.totals).toMatchObject({ passed: 1, "precondition-failed": 1, broken: 0 });
    expect(summaryPassed(only)).toBe(false);
    const o = outcomesFromSummary(only, { runId: "r", catalogueClauses: 2 });
    expect(o.passed).toBe(false);
    const decision = compareOutcomes(o, o);
    expect(decision.ship).toBe(false);
    expect(decision.reasons.join(" ")).toMatch(/precondition failed/);
  });

  it("passes a run whose only blemish is a flaky pass (--fail-on-flaky is the retry layer's)", () => {
    const flaky = summarize([results[0]!, results[4]!], [catalogue[0]!, catalogue[4]!]);
    expect(summaryPassed(flaky)).toBe(true);
  });
});
