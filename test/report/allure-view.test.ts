import { describe, expect, it } from "vitest";
import { allureView } from "../../src/report/allure-view.js";
import { resultOutcome } from "../../src/outcomes/index.js";
import { LABEL } from "../../src/labels/labels.js";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { stageAllureView } from "../../src/report/allure-view-dir.js";
import { readResultFiles, type ResultFile } from "../../src/report/results-reader.js";
import { writeResultsDir } from "../matrix/helpers.js";
import { tempDir } from "../support/temp-dir.js";

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

  it("shows an unspecified clause's observation as skipped with what it is, never as a pass; a judged core stays passed", () => {
    const observed = [{ name: LABEL.conformance, value: "unspecified" }, { name: LABEL.unspecifiedOutcome, value: "as-the-fake-chose" }];
    const view = allureView<{ status: "passed" | "skipped"; labels: typeof observed; description?: string }>({ status: "passed", labels: observed });
    expect(view.status).toBe("skipped");
    expect(view.description).toMatch(/^\*\*Unspecified \(observed\)\*\*/);
    const core = { status: "passed" as const, labels: [{ name: LABEL.conformance, value: "core" }, { name: LABEL.unspecifiedOutcome, value: "differs-from-the-fake" }] };
    expect(allureView(core)).toBe(core);
    // an unspecified clause that was not applicable stays as not applicable
    const na: { status: "skipped"; labels: { name: string; value: string }[]; description?: string } = { status: "skipped", labels: [{ name: LABEL.conformance, value: "unspecified" }, { name: LABEL.notApplicable, value: "needs:pages" }] };
    expect(allureView(na).status).toBe("skipped");
    expect(allureView(na).description).toBeUndefined();
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

describe("the staged view of a results directory", () => {
  it("is made from the judged results in memory when the run hands them over, and from the files otherwise", async () => {
    const dir = await writeResultsDir(join(await tempDir("view-memory"), "r"), [{ clause: "tabs.a", status: "passed" }, { clause: "tabs.b", status: "passed" }]);
    const files = await readResultFiles(dir);
    // judged in memory (and, in a run, written back before the report is made): the view shows the judgement
    files[0]!.raw.status = "failed";
    const judged = files[0]!;
    const staged = async (inMemory?: ResultFile[]) => {
      const view = await stageAllureView(dir, inMemory);
      try {
        return await Promise.all((await readdir(view.dir)).filter((n) => n.endsWith("-result.json")).sort().map(async (n) => (JSON.parse(await readFile(join(view.dir, n), "utf8")) as { status: string }).status));
      } finally {
        await view.dispose();
      }
    };
    // files and view alike in file-name order: the judged one is the first
    expect((await staged([judged]))[0]).toBe("failed");
    expect((await staged())[0]).toBe("passed");
    expect(await staged(files)).toEqual(files.map((f) => f.raw.status));
  });
});
