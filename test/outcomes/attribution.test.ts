/**
 * Attribution (issue 19, Deliver 4): a precondition failure stands only when the clause it names
 * was observed broken (failed) in the same run; otherwise it is broken, "not attributed", with its
 * cause. Judged on results as a run's judge phase judges them (src/run/judge.ts), and counted the
 * same by the summary.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { attributedOutcome, notAttributedMessage, observedBroken } from "../../src/outcomes/attribution.js";
import { preconditionMessage } from "../../src/outcomes/of-error.js";
import { OUTCOME_LABEL } from "../../src/outcomes/statuses.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, type ResultFile, type TestResult } from "../../src/report/results-reader.js";
import { judgeResults } from "../../src/run/judge.js";
import { result } from "../report/helpers.js";

const [OWNER, DEPENDENT, OTHER] = CATALOGUE.filter((c) => !c.unspecified).map((c) => c.id) as [string, string, string];
const CREATE = "task-spaces.create.result-shape";

function file(r: TestResult): ResultFile {
  return { result: r, raw: { name: r.name, status: r.status, statusDetails: r.message === undefined ? {} : { message: r.message }, labels: r.labels, parameters: [] }, observations: [] };
}

function preconditionFailed(clause: string, owner: string, what: string): TestResult {
  const r = result({ clause, status: "broken", message: preconditionMessage(`precondition failed: ${what}`, owner) });
  r.labels.push({ name: LABEL.outcome, value: OUTCOME_LABEL.preconditionFailed }, { name: LABEL.preconditionOwner, value: owner });
  return r;
}

function judged(results: TestResult[]) {
  const collection = { dir: "/results", files: results.map(file), environment: new Map<string, string>() };
  // interrupted: the expectations layer stays out; attribution applies all the same
  const run = judgeResults(collection, { selected: (c) => [OWNER, DEPENDENT, OTHER, CREATE].includes(c.id), expectations: undefined as never }, { interrupted: "SIGINT", unreachable: false });
  return { run, status: (id: string) => run.summary.clauses.find((c) => c.id === id)!, files: collection.files };
}

describe("attribution", () => {
  it("a precondition failure whose owner failed in the run stands, naming it", () => {
    const { status } = judged([result({ clause: OWNER, status: "failed", message: "the build answered wrong" }), preconditionFailed(DEPENDENT, OWNER, "a space in the state the test needs")]);
    expect(status(OWNER).status).toBe("failed");
    expect(status(DEPENDENT).status).toBe("precondition-failed");
    expect(status(DEPENDENT).messages?.[0]).toMatch(new RegExp(`owned by ${OWNER.replace(/\./g, "\\.")}`));
  });

  it("one whose owner passed is broken, not attributed, with its cause (a transient creation failure)", () => {
    const { status, files, run } = judged([result({ clause: CREATE, status: "passed" }), preconditionFailed(DEPENDENT, CREATE, "could not create a task space 'x': {\"channel\":\"timeout\"}")]);
    expect(status(CREATE).status).toBe("passed");
    expect(status(DEPENDENT).status).toBe("broken");
    expect(status(DEPENDENT).messages?.[0]).toBe(`broken (not attributed: ${CREATE} was not observed broken in this run): could not create a task space 'x': {"channel":"timeout"}`);
    expect(run.summary.totals["precondition-failed"]).toBe(0);
    // the rewritten file is among those the write phase writes back, and says which owner it named
    const changed = files.find((f) => labelValue(f.result, LABEL.clause) === DEPENDENT)!;
    expect(run.changed).toContain(changed);
    expect(changed.raw).toMatchObject({ status: "broken" });
    expect(labelValue(changed.result, LABEL.notAttributed)).toBe(CREATE);
    expect(labelValue(changed.result, LABEL.outcome)).toBeUndefined();
  });

  it("one whose owner did not run, or was itself precondition failed or broken, does not stand either", () => {
    const { status } = judged([
      preconditionFailed(DEPENDENT, OTHER, "the owner never ran"),
      result({ clause: OTHER, status: "broken", message: "a harness error" }),
      preconditionFailed(OWNER, CREATE, "the owner did not run in this selection"),
    ]);
    expect([status(DEPENDENT).status, status(OWNER).status]).toEqual(["broken", "broken"]);
  });

  it("the rule on outcomes: only a failed owner is observed broken", () => {
    const broken = observedBroken([
      { clause: "a", outcome: "failed" },
      { clause: "b", outcome: "precondition-failed" },
      { clause: "c", outcome: "broken" },
      { clause: "d", outcome: "passed" },
    ]);
    expect([...broken]).toEqual(["a"]);
    expect(attributedOutcome({ clause: "x", outcome: "precondition-failed", owner: "a" }, broken)).toBe("precondition-failed");
    expect(["b", "c", "d", undefined].map((owner) => attributedOutcome({ clause: "x", outcome: "precondition-failed", owner }, broken))).toEqual(["broken", "broken", "broken", "broken"]);
    expect(attributedOutcome({ clause: "x", outcome: "failed" }, broken)).toBe("failed");
    expect(notAttributedMessage(undefined, "precondition failed: gone")).toBe("broken (not attributed: no owning clause was named): gone");
  });
});
