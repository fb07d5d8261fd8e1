/**
 * Attribution: a precondition failure stands only when the clause it names
 * was observed broken (failed) in the same run; otherwise it is broken, "not attributed", with its
 * cause. Judged on results as a run's judge phase judges them (src/run/judge.ts), and counted the
 * same by the summary.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { attributedOutcome, notAttributedMessage, observedBroken, whyNotAttributed } from "../../src/outcomes/attribution.js";
import { preconditionMessage } from "../../src/outcomes/of-error.js";
import { OUTCOME_LABEL } from "../../src/outcomes/statuses.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, type ResultFile, type TestResult } from "../../src/report/results-reader.js";
import { judgeResults } from "../../src/run/judge.js";
import { answerKind } from "../../src/probe/answer-kind.js";
import type { Observation } from "../../src/probe/index.js";
import { result } from "../report/helpers.js";

const JUDGED = CATALOGUE.filter((c) => !c.unspecified).map((c) => c.id);
const [OWNER, DEPENDENT, OTHER] = JUDGED as [string, string, string];
const CREATE = "task-spaces.create.result-shape";
const HAND_OFF = "task-spaces.hand-off.status";

function file(r: TestResult): ResultFile {
  return { result: r, raw: { name: r.name, status: r.status, statusDetails: r.message === undefined ? {} : { message: r.message }, labels: r.labels, parameters: [] }, observations: [] };
}

function preconditionFailed(clause: string, owner: string, what: string, answer?: string): TestResult {
  const r = result({ clause, status: "broken", message: preconditionMessage(`precondition failed: ${what}`, owner) });
  r.labels.push({ name: LABEL.outcome, value: OUTCOME_LABEL.preconditionFailed }, { name: LABEL.preconditionOwner, value: owner });
  if (answer !== undefined) r.labels.push({ name: LABEL.preconditionAnswer, value: answer });
  return r;
}

/** A failed result of `clause`, with the answers its judged rule found wrong. */
function failedOn(clause: string, message: string, answers: string[]): TestResult {
  const r = result({ clause, status: "failed", message });
  for (const a of answers) r.labels.push({ name: LABEL.failedOn, value: a });
  return r;
}

function judged(results: TestResult[]) {
  const collection = { dir: "/results", files: results.map(file), environment: new Map<string, string>() };
  // interrupted: the expectations layer stays out; attribution applies all the same
  const ids = new Set(results.map((r) => labelValue(r, LABEL.clause)));
  const run = judgeResults(collection, { selected: (c) => ids.has(c.id), expectations: undefined as never }, { interrupted: "SIGINT", unreachable: false });
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
    expect([...broken.keys()]).toEqual(["a"]);
    expect(attributedOutcome({ clause: "x", outcome: "precondition-failed", owner: "a" }, broken)).toBe("precondition-failed");
    expect(["b", "c", "d", undefined].map((owner) => attributedOutcome({ clause: "x", outcome: "precondition-failed", owner }, broken))).toEqual(["broken", "broken", "broken", "broken"]);
    expect(attributedOutcome({ clause: "x", outcome: "failed" }, broken)).toBe("failed");
    expect(notAttributedMessage(whyNotAttributed({ clause: "x", outcome: "precondition-failed" }, broken)!, "precondition failed: gone")).toBe("broken (not attributed: no owning clause was named): gone");
  });
});

describe("attribution by cause: the same call, channel and kind of answer", () => {
  const WRONG_SHAPE = answerKind({ call: 'createTaskSpace("x")', channel: "resolved", promise: true, valueType: "object", value: { id: 7, name: "x", taskId: 7 } });
  const CHANNEL_CLOSED = answerKind({ call: 'createTaskSpace("y")', channel: "rejected", promise: true, error: { isError: true, isTypeError: false, name: "Error", message: "CDP channel is not open", errorCodeIsOwn: false, ownKeys: [], thrownType: "object" } });

  it("names the call, the channel and the kind of answer, not the values", () => {
    expect(WRONG_SHAPE).toBe("createTaskSpace resolved a value");
    expect(CHANNEL_CLOSED).toBe("createTaskSpace rejected an Error without error_code");
    expect(answerKind({ call: "handOffTaskSpace()", channel: "resolved", promise: true, value: { error: "gone", error_code: "EGO_TASK_SPACE_NOT_FOUND" } })).toBe(
      'handOffTaskSpace resolved an error object with error_code "EGO_TASK_SPACE_NOT_FOUND"',
    );
    expect(answerKind({ call: "useTaskSpace(1)", channel: "threw", promise: false, error: { isError: true, isTypeError: true, errorCodeIsOwn: true, error_code: "EGO_INVALID_ARGUMENT", ownKeys: [], thrownType: "object" } })).toBe(
      'useTaskSpace threw a TypeError with error_code "EGO_INVALID_ARGUMENT"',
    );
    expect(answerKind({ call: "listTabs()", channel: "timeout", promise: true })).toBe("listTabs timed out");
  });

  it("a creation that rejected is not laid at result-shape, which failed on a resolved value of the wrong shape", () => {
    const { status } = judged([
      failedOn(CREATE, "expected createTaskSpace to resolve a value of the documented shape (taskId: a number)", [WRONG_SHAPE]),
      preconditionFailed(DEPENDENT, CREATE, "could not create a task space", CHANNEL_CLOSED),
    ]);
    expect(status(CREATE).status).toBe("failed");
    expect(status(DEPENDENT).status).toBe("broken");
    expect(status(DEPENDENT).messages?.[0]).toBe(
      `broken (not attributed: ${CREATE} failed on ${WRONG_SHAPE}, this on ${CHANNEL_CLOSED}): could not create a task space`,
    );
  });

  it("a hand-off whose space was gone is not laid at hand-off.status, which failed on {done: true}", () => {
    const gone = 'handOffTaskSpace resolved an error object with error_code "EGO_TASK_SPACE_NOT_FOUND"';
    const { status } = judged([failedOn(HAND_OFF, "expected the status string", ["handOffTaskSpace resolved a value"]), preconditionFailed(DEPENDENT, HAND_OFF, "handOffTaskSpace ended", gone)]);
    expect(status(DEPENDENT).status).toBe("broken");
  });

  it("stands when the owner failed on the same kind of answer; a failure that recorded none cannot show it", () => {
    const same = judged([failedOn(CREATE, "wrong shape", [WRONG_SHAPE]), preconditionFailed(DEPENDENT, CREATE, "no id", WRONG_SHAPE)]);
    expect(same.status(DEPENDENT).status).toBe("precondition-failed");
    const unrecorded = judged([failedOn(CREATE, "wrong shape", []), preconditionFailed(DEPENDENT, CREATE, "no id", WRONG_SHAPE)]);
    expect(unrecorded.status(DEPENDENT).status).toBe("broken");
  });

  it("a check that judged no single answer stands on its owner's failure, as before", () => {
    const { status } = judged([failedOn(CREATE, "wrong shape", [WRONG_SHAPE]), preconditionFailed(DEPENDENT, CREATE, "the space is not in the state the test needs")]);
    expect(status(DEPENDENT).status).toBe("precondition-failed");
  });
});

describe("attribution by cause, for any broken rule and any unrelated infrastructure failure", () => {
  const METHODS = ["createTaskSpace", "listTaskSpaces", "handOffTaskSpace", "completeTaskSpace", "listTabs", "createTab", "snapshot", "useTaskSpace"];
  const CODES = [undefined, "EGO_TASK_SPACE_NOT_FOUND", "EGO_INVALID_ARGUMENT", "EGO_TASK_SPACE_NOT_SELECTED"];
  const observation = fc.record({
    method: fc.constantFrom(...METHODS),
    channel: fc.constantFrom<Observation["channel"]>("returned", "threw", "resolved", "rejected", "timeout"),
    code: fc.constantFrom(...CODES),
    errorObject: fc.boolean(),
    typeError: fc.boolean(),
    message: fc.string({ maxLength: 20 }),
  }).map(({ method, channel, code, errorObject, typeError, message }): Observation => {
    const error = { isError: true, isTypeError: typeError, message, errorCodeIsOwn: code !== undefined, ownKeys: [], thrownType: "object", ...(code === undefined ? {} : { error_code: code }) };
    if (channel === "threw" || channel === "rejected") return { call: `${method}()`, channel, promise: channel === "rejected", error };
    if (channel === "timeout") return { call: `${method}()`, channel, promise: true };
    return { call: `${method}()`, channel, promise: channel === "resolved", value: errorObject ? { error: message, ...(code === undefined ? {} : { error_code: code }) } : { message } };
  });

  it("lays no precondition failure on the broken rule", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...JUDGED),
        fc.uniqueArray(fc.constantFrom(...JUDGED), { minLength: 1, maxLength: 4 }),
        observation,
        observation,
        (owner, dependents, broke, infra) => {
          fc.pre(answerKind(broke) !== answerKind(infra) && !dependents.includes(owner));
          const { status } = judged([
            failedOn(owner, "the build broke the rule", [answerKind(broke)]),
            ...dependents.map((d) => preconditionFailed(d, owner, "stopped by an infrastructure failure", answerKind(infra))),
          ]);
          expect(status(owner).status).toBe("failed");
          for (const d of dependents) expect(status(d).status, d).toBe("broken");
        },
      ),
      { numRuns: 200 },
    );
  });

  it("and lays every one stopped by the same kind of answer on it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...JUDGED), fc.uniqueArray(fc.constantFrom(...JUDGED), { minLength: 1, maxLength: 4 }), observation, (owner, dependents, broke) => {
        fc.pre(!dependents.includes(owner));
        const { status } = judged([
          failedOn(owner, "the build broke the rule", [answerKind(broke)]),
          ...dependents.map((d) => preconditionFailed(d, owner, "stopped by the broken rule", answerKind(broke))),
        ]);
        for (const d of dependents) expect(status(d).status, d).toBe("precondition-failed");
      }),
      { numRuns: 100 },
    );
  });
});
