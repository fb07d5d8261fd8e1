import { expect, test } from "vitest";
import { AssertionError } from "node:assert";
import { getStatusFromError } from "allure-js-commons/sdk";
import { PreconditionError } from "../../src/harness/precondition.js";
import { OwnRuleViolation, outcomeOfError, preconditionMessage, preconditionOwnerOf } from "../../src/outcomes/of-error.js";

test("a PreconditionError naming another clause is precondition failed, and its message names the owner", () => {
  const o = outcomeOfError(new PreconditionError("precondition failed: could not create a task space 'x'", "task-spaces.create.result-shape"), "task-spaces.close.status");
  expect(o).toEqual({ outcome: "precondition-failed", owner: "task-spaces.create.result-shape", message: "precondition failed (owned by task-spaces.create.result-shape): could not create a task space 'x'" });
});

test("a PreconditionError about the clause's own rule is a failure of that clause", () => {
  expect(outcomeOfError(new PreconditionError("precondition failed: no id", "task-spaces.create.result-shape"), "task-spaces.create.result-shape")).toEqual({ outcome: "failed", message: "no id" });
  expect(getStatusFromError(new OwnRuleViolation("no id"))).toBe("failed");
});

test("assertions are failed, any other error is broken", () => {
  let assertion: unknown;
  try {
    expect(1).toBe(2);
  } catch (error) {
    assertion = error;
  }
  expect(outcomeOfError(assertion, "a.b").outcome).toBe("failed");
  expect(outcomeOfError(new AssertionError({ message: "x" }), "a.b").outcome).toBe("failed");
  expect(outcomeOfError(new TypeError("cannot read properties of undefined"), "a.b").outcome).toBe("broken");
  expect(outcomeOfError("a string", "a.b")).toEqual({ outcome: "broken", message: "a string" });
});

test("the owner is named once, whatever the original message says", () => {
  expect(preconditionMessage("no listing", "task-spaces.list.shape")).toBe("precondition failed (owned by task-spaces.list.shape): no listing");
});

test("preconditionOwnerOf reads back the owner preconditionMessage wrote, and nothing from another message", () => {
  expect(preconditionOwnerOf(preconditionMessage("precondition failed: no list", "task-spaces.list.entry-shape"))).toBe("task-spaces.list.entry-shape");
  expect(preconditionOwnerOf("expected 1 to be 2 (owned by nobody)")).toBeUndefined();
  expect(preconditionOwnerOf(undefined)).toBeUndefined();
});
