import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cellOf, collectTarget, outcomeWithoutResults, reasonSentence } from "../../src/matrix/collect.js";
import { TargetOutcome } from "../../src/matrix/compat-schema.js";
import { clauseExtrasOf } from "../../src/matrix/result-extras.js";
import { summarize } from "../../src/report/summary.js";
import { collectResults, resultsOf } from "../../src/run/collect.js";
import { readdir, rm } from "node:fs/promises";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { LABEL } from "../../src/labels/labels.js";
import { clause } from "../report/helpers.js";
import { writeResultsDir } from "./helpers.js";
import { tempDir } from "../support/temp-dir.js";

const catalogue = [
  clause("tabs.a"),
  clause("tabs.b"),
  clause("tabs.c"),
  clause("tabs.d"),
  clause("tabs.u", { unspecified: { question: "q? open", choice: "the fake does x (fake)", core: null, openDetail: "all of it (test)", basis: "a test basis" } }),
  clause("tabs.v", { unspecified: { question: "q? open", choice: "the fake does y (fake)", core: null, openDetail: "all of it (test)", basis: "a test basis" } }),
  clause("cdp.e"),
];
const all = () => true;
/** A target's run as src/run hands it back, from a results directory (without a summary of its own). */
const ranFrom = async (dir: string) => ({ results: await collectResults(dir) });
const facts = { runId: null, startedAt: "2026-11-30T10:00:00.000Z", finishedAt: "2026-11-30T10:00:05.000Z", shard: { index: 1, count: 1 } };

describe("collectTarget", () => {
  it("turns a results directory into a column: statuses, reasons, outcomes, observations, messages", async () => {
    const dir = await writeResultsDir(
      join(await tempDir("collect"), "r"),
      [
        { clause: "tabs.a", status: "passed" },
        { clause: "tabs.b", status: "failed", message: "expected EGO_X\nobserved nothing" },
        { clause: "tabs.b", status: "passed" },
        { clause: "tabs.c", status: "skipped", notApplicable: "feature:error-codes" },
        { clause: "tabs.d", status: "broken", message: "precondition: no space" },
        { clause: "tabs.u", status: "passed", unspecifiedOutcome: "as-the-fake-chose" },
        { clause: "tabs.v", status: "passed", unspecifiedOutcome: "differs-from-the-fake", observation: "claimTaskSpace accepted an agent-owned space" },
      ],
      { persona: "pre-error-codes", egoVersion: "0.5.1.13", versionSource: "persona", runId: "20261130-100000-aaaaaa" },
    );
    const outcome = collectTarget(personaTarget("pre-error-codes"), await ranFrom(dir), catalogue, all, facts);
    expect(() => TargetOutcome.parse(outcome)).not.toThrow();
    expect(outcome).toMatchObject({
      key: "persona-pre-error-codes",
      kind: "fake",
      persona: "pre-error-codes",
      egoVersion: "0.5.1.13",
      versionSource: "persona",
      runId: "20261130-100000-aaaaaa",
      availability: "ran",
      label: "0.5.1.13 · pre-error-codes",
      problems: [],
    });
    expect(outcome.cells).toEqual({
      "tabs.a": { status: "passed", results: 1 },
      "tabs.b": { status: "failed", messages: ["expected EGO_X\nobserved nothing"], results: 2 },
      "tabs.c": { status: "not-applicable", reason: { key: "feature:error-codes", text: "needs the 'error-codes' feature, which this build does not have" }, results: 1 },
      "tabs.d": { status: "broken", messages: ["precondition: no space"], results: 1 },
      "tabs.u": { status: "unspecified", outcome: "as-the-fake-chose", results: 1 },
      "tabs.v": { status: "unspecified", outcome: "differs-from-the-fake", observed: ["claimTaskSpace accepted an agent-owned space"], results: 1 },
      "cdp.e": { status: "unknown", messages: ["no result: the run reported nothing for this clause"], results: 0 },
    });
  });

  it("covers only the selected clauses, and reports results that mix targets as problems", async () => {
    const root = await tempDir("collect-mixed");
    const dir = join(root, "r");
    await writeResultsDir(dir, [{ clause: "tabs.a", status: "passed" }], { egoVersion: "0.5.1.13" });
    await writeResultsDir(dir, [{ clause: "tabs.b", status: "passed" }], { egoVersion: "0.4.4.0" });
    const outcome = collectTarget(personaTarget("current"), await ranFrom(dir), catalogue, (c) => c.area === "tabs", facts);
    expect(Object.keys(outcome.cells)).toEqual(["tabs.a", "tabs.b", "tabs.c", "tabs.d", "tabs.u", "tabs.v"]);
    expect(outcome.egoVersion).toBeNull();
    expect(outcome.problems.join("\n")).toMatch(/disagree on label 'ego_version'/);
  });
});

describe("what the run hands back", () => {
  it("is all the column needs: observations come with the results, nothing is read from the directory", async () => {
    const dir = await writeResultsDir(join(await tempDir("collect-memory"), "r"), [
      { clause: "tabs.v", status: "passed", unspecifiedOutcome: "differs-from-the-fake", observation: "claimTaskSpace accepted an agent-owned space" },
    ]);
    const run = await ranFrom(dir);
    for (const name of await readdir(dir)) await rm(join(dir, name));
    const outcome = collectTarget(personaTarget("current"), run, catalogue, (c) => c.id === "tabs.v", facts);
    expect(outcome.cells["tabs.v"]).toEqual({ status: "unspecified", outcome: "differs-from-the-fake", observed: ["claimTaskSpace accepted an agent-owned space"], results: 1 });
  });

  it("uses the run's summary when it covers the matrix's clauses, and summarizes again when it covers more", async () => {
    const dir = await writeResultsDir(join(await tempDir("collect-summary"), "r"), [
      { clause: "tabs.a", status: "passed" },
      { clause: "tabs.b", status: "passed" },
    ]);
    const { results } = await ranFrom(dir);
    const onlyA = (c: { id: string }) => c.id === "tabs.a";
    // the run's summary says what the run judged; the column shows it, not a second judgement
    const judged = summarize(resultsOf(results), catalogue, { selected: onlyA });
    judged.clauses[0]!.status = "failed";
    expect(collectTarget(personaTarget("current"), { results, summary: judged }, catalogue, onlyA, facts).cells).toEqual({ "tabs.a": { status: "failed", results: 1 } });
    // a run that judged more clauses (an installed run judges the safety check too): only the matrix's, from the results
    const wider = summarize(resultsOf(results), catalogue, { selected: (c) => c.id === "tabs.a" || c.id === "tabs.b" });
    expect(collectTarget(personaTarget("current"), { results, summary: wider }, catalogue, onlyA, facts).cells).toEqual({ "tabs.a": { status: "passed", results: 1 } });
  });
});

describe("expected failures", () => {
  it("show as known, with the failure's message, when the expectations layer labelled them", async () => {
    const dir = await writeResultsDir(join(await tempDir("collect-known"), "r"), [
      { clause: "tabs.a", status: "failed", message: "expected EGO_X", labels: { [LABEL.expectation]: "known", [LABEL.expectationBug]: "https://bugs.example/1" } },
      { clause: "tabs.b", status: "failed", message: "a new failure" },
    ]);
    const outcome = collectTarget(personaTarget("current"), await ranFrom(dir), catalogue, (c) => c.id === "tabs.a" || c.id === "tabs.b", facts);
    expect(outcome.cells["tabs.a"]).toEqual({ status: "known", messages: ["expected EGO_X"], bugs: ["https://bugs.example/1"], results: 1 });
    expect(outcome.cells["tabs.b"]).toMatchObject({ status: "failed" });
  });
});

describe("a target without results", () => {
  it("has every clause unknown with the reason, never green", () => {
    const outcome = outcomeWithoutResults(personaTarget("current"), "unavailable", "no such option", catalogue, { shard: { index: 2, count: 3 } });
    expect(() => TargetOutcome.parse(outcome)).not.toThrow();
    expect(outcome.availability).toBe("unavailable");
    expect(Object.values(outcome.cells).every((c) => c.status === "unknown" && c.results === 0 && c.messages?.[0] === "no result: no such option")).toBe(true);
    expect(Object.keys(outcome.cells)).toHaveLength(catalogue.length);
  });
});

describe("cell details", () => {
  it("explains not-applicable keys in words when the skip gave no sentence", () => {
    expect(reasonSentence("needs:operator")).toBe("needs operator, which this target does not offer");
    expect(reasonSentence("version")).toMatch(/Ego Lite versions/);
    expect(reasonSentence(null)).toMatch(/not applicable/);
    expect(reasonSentence("other:thing")).toBe("not applicable (other:thing)");
  });

  it("keeps a skip's own sentence", () => {
    const cell = cellOf({ id: "tabs.c", area: "tabs", method: null, status: "not-applicable", unspecified: false, results: 1, messages: ["not applicable: needs operator: the installed target has none"] }, { notApplicable: ["needs:operator"], outcomes: [], observed: [] });
    expect(cell.reason).toEqual({ key: "needs:operator", text: "needs operator: the installed target has none" });
  });

  it("finds observations in nested steps only, and only inside the results directory", async () => {
    const dir = await writeResultsDir(join(await tempDir("extras"), "r"), [
      { clause: "tabs.v", status: "passed", unspecifiedOutcome: "differs-from-the-fake", observation: "did z" },
      { clause: "tabs.v", status: "passed", unspecifiedOutcome: "differs-from-the-fake", observation: "did z" },
    ]);
    const extras = clauseExtrasOf((await collectResults(dir)).files);
    expect(extras.get("tabs.v")).toEqual({ notApplicable: [], outcomes: ["differs-from-the-fake"], observed: ["did z"] });
  });
});
