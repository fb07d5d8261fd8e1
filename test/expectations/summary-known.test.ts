// The summary reads the expectations layer's labels: a failed or broken result labelled
// expectation=known counts as known (with its bug), ranks below a new failure, and passes the run.
import { describe, expect, it } from "vitest";
import { LABEL } from "../../src/labels/labels.js";
import { summarize, summaryPassed } from "../../src/report/summary.js";
import { clause, result } from "../report/helpers.js";

const known = (spec: Parameters<typeof result>[0]) => {
  const r = result(spec);
  r.labels.push({ name: LABEL.expectation, value: "known" }, { name: LABEL.expectationBug, value: "https://bugs.example.test/7" });
  return r;
};

describe("summary with expectations", () => {
  const catalogue = [clause("tabs.a"), clause("tabs.b"), clause("tabs.c")];

  it("counts a labelled failure as known, with its bug, and still passes the run", () => {
    const s = summarize([known({ clause: "tabs.a", status: "failed", message: "m" }), result({ clause: "tabs.b", status: "passed" }), result({ clause: "tabs.c", status: "passed" })], catalogue);
    expect(s.totals).toMatchObject({ known: 1, passed: 2, failed: 0 });
    expect(s.clauses[0]).toMatchObject({ status: "known", bugs: ["https://bugs.example.test/7"], messages: ["m"] });
    expect(summaryPassed(s)).toBe(true);
  });

  it("lets a new failure of the same clause win over a known one; a label on a passed result changes nothing", () => {
    const s = summarize([known({ clause: "tabs.a", status: "failed" }), result({ clause: "tabs.a", status: "broken", message: "new" }), known({ clause: "tabs.b", status: "passed" }), result({ clause: "tabs.c", status: "passed" })], catalogue);
    expect(s.clauses.map((c) => c.status)).toEqual(["broken", "passed", "passed"]);
    expect(summaryPassed(s)).toBe(false);
  });
});
