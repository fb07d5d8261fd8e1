import { describe, expect, it } from "vitest";
import { allureView } from "../../src/report/allure-view.js";
import { resultOutcome } from "../../src/outcomes/index.js";
import { LABEL } from "../../src/labels/labels.js";

const precondition = [
  { name: LABEL.outcome, value: "precondition-failed" },
  { name: LABEL.preconditionOwner, value: "task-spaces.create.result-shape" },
];

describe("the Allure view of a result (what the HTML report is made from)", () => {
  it("shows a precondition failure as skipped, never broken, keeping its labels and its message", () => {
    const raw = { status: "broken" as const, statusDetails: { message: "precondition failed (owned by task-spaces.create.result-shape): could not create a task space", trace: "PreconditionError: …" }, labels: precondition };
    const view = allureView(raw);
    expect(view.status).toBe("skipped");
    expect(view.labels).toEqual(precondition);
    expect(view.statusDetails).toEqual(raw.statusDetails);
    expect(raw.status).toBe("broken"); // the file's own form is left alone
    // read back, the view is the same outcome
    expect(resultOutcome({ status: view.status, labels: view.labels })).toBe("precondition-failed");
    expect(allureView({ ...raw, status: "failed" as const }).status).toBe("skipped");
  });

  it("keeps a known precondition failure, a harness error and a contract violation as they are", () => {
    const known = { status: "broken" as const, labels: [...precondition, { name: LABEL.expectation, value: "known" }] };
    expect(allureView(known)).toBe(known);
    const broken = { status: "broken" as const, statusDetails: { message: "TypeError: a harness bug" }, labels: [] };
    expect(allureView(broken)).toBe(broken);
    const failed = { status: "failed" as const, statusDetails: { message: "expected 1, got 2" }, labels: [] };
    expect(allureView(failed)).toBe(failed);
  });

  it("moves a not-applicable reason from the message (shown under 'Error') into the description", () => {
    const raw = {
      status: "skipped" as const,
      statusDetails: { message: "not applicable: needs real pages (Chromium)" },
      labels: [{ name: LABEL.notApplicable, value: "needs:pages" }],
      description: "**ids are unique**",
    };
    const view = allureView(raw);
    expect(view.status).toBe("skipped");
    expect(view.statusDetails).toEqual({});
    expect(view.description).toBe("**Not applicable**: needs real pages (Chromium)\n\n**ids are unique**");
    expect(resultOutcome({ status: view.status, labels: view.labels })).toBe("not-applicable");
    expect(allureView({ ...raw, description: undefined }).description).toBe("**Not applicable**: needs real pages (Chromium)");
  });

  it("leaves a skipped result without a message alone", () => {
    const raw = { status: "skipped" as const, labels: [] };
    expect(allureView(raw)).toBe(raw);
  });
});
