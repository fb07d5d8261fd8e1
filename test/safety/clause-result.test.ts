// The invariance clause's result, written by the CLI rather than by vitest, carries the same
// labels and parameters as every clause result (so the report and the summary cannot tell them
// apart), and on the in-process fake it is skipped with its reason.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { readResults, labelValue } from "../../src/report/results-reader.js";
import { IN_PROCESS_REASON, INVARIANCE_CLAUSE_ID } from "../../src/safety/invariance.js";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

/** Labels only allure-vitest adds (framework, thread, package...), not the harness. */
const VITEST_ONLY = new Set(["framework", "language", "host", "thread", "_fallbackTestCaseId", "package", "parentSuite", "suite", "subSuite"]);

describe("the invariance clause's result", () => {
  it("is skipped on the in-process fake, with the reason, and labelled like every clause", { timeout: 60_000 }, async () => {
    const results = await tempDir("safety-labels");
    const run = await runCli(["run", "--json", "--no-report", "--area", "task-state", "--area", "safety", "--results", results]);
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.find((c) => c.id === INVARIANCE_CLAUSE_ID)).toMatchObject({ area: "safety", method: "listTaskSpaces", status: "not-applicable" });
    const all = await readResults(results);
    const safety = all.find((r) => labelValue(r, "clause") === INVARIANCE_CLAUSE_ID)!;
    const other = all.find((r) => labelValue(r, "clause") === "task-state.set.status")!;
    expect(safety).toMatchObject({ status: "skipped", message: IN_PROCESS_REASON });
    expect(labelValue(safety, "not_applicable")).toBe("target:in-process");
    const names = (r: typeof safety) => r.labels.map((l) => l.name).filter((n) => !VITEST_ONLY.has(n) && n !== "not_applicable").sort();
    expect(names(safety)).toEqual(names(other));
    for (const label of ["target", "target_name", "ego_version", "conformance"]) expect(labelValue(safety, label), label).toBe(labelValue(other, label));
    expect(safety.parameters).toEqual(other.parameters);
    const raw = JSON.parse(await readFile(safety.file, "utf8")) as { links: { url: string }[] };
    expect(raw.links[0]?.url).toMatch(/native-bindings-api\.md#task-spaces$/);
  });
});
