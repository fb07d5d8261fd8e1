import { expect, test } from "vitest";
import type { TestCase, TestModule } from "vitest/node";
import { clauseOfTest, EARLIER_BROKEN_ENV, earlierBrokenEnv, outcomeOfTest, ProgressReporter, progressLine, readEarlierBroken } from "../../src/report/progress-reporter.js";
import { observedBroken } from "../../src/outcomes/attribution.js";
import { OUTCOME_LABEL } from "../../src/outcomes/statuses.js";
import { LABEL } from "../../src/labels/labels.js";
import type { ResultFile } from "../../src/report/results-reader.js";
import { attributeFiles, attributionInputOf } from "../../src/run/attribute-results.js";

function tc(name: string, state: string, outcome?: string, mode: "run" | "skip" = "run", preconditionOwner?: string): TestCase {
  const meta = { ...(outcome === undefined ? {} : { outcome }), ...(preconditionOwner === undefined ? {} : { preconditionOwner }) };
  return { id: name, name, options: { mode }, result: () => ({ state }), meta: () => meta } as unknown as TestCase;
}

test("the progress line counts clauses, as the totals do, with the worst outcome of their tests", () => {
  const out: string[] = [];
  const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
  const tests = [
    tc("a.b [x]: title", "passed"),
    tc("a.b [y]: title", "failed", "precondition-failed", "run", "a.f"),
    tc("a.c: title", "passed"),
    tc("a.d: title", "skipped", "not-applicable"),
    tc("a.e: title", "failed"),
    tc("a.f: title", "failed", "failed"),
  ];
  const reporter = new ProgressReporter(stream);
  reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
  for (const t of tests) reporter.onTestCaseResult(t);
  reporter.onTestRunEnd([], []);
  expect(out.join("")).toBe("conformance [5/5 clauses] passed 1, failed 1, precondition failed 1, broken 1, not applicable 1 done\n");
});

test("the last line attributes as the judge does: a precondition failure whose owner did not fail in the run is broken (src/outcomes/attribution.ts)", () => {
  const out: string[] = [];
  const stream = { isTTY: true, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
  const tests = [tc("a.owner: title", "passed"), tc("a.dep: title", "failed", "precondition-failed", "run", "a.owner"), tc("a.unnamed: title", "failed", "precondition-failed")];
  const reporter = new ProgressReporter(stream);
  reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
  for (const t of tests) reporter.onTestCaseResult(t);
  // as the results come in, the precondition failures count as such
  expect(out.at(-1)).toContain("precondition failed 2");
  reporter.onTestRunEnd([], []);
  expect(out.at(-1)).toBe("\rconformance [3/3 clauses] passed 1, failed 0, broken 2 done\u001b[K\n");
});

test("a test's clause and outcome", () => {
  expect(clauseOfTest("task-spaces.create.result-shape [a b]: creates")).toBe("task-spaces.create.result-shape");
  expect(clauseOfTest("tabs.list.shape: lists")).toBe("tabs.list.shape");
  expect(outcomeOfTest("failed", undefined)).toBe("broken");
  expect(outcomeOfTest("failed", "failed")).toBe("failed");
  expect(outcomeOfTest("passed", undefined)).toBe("passed");
});

test("tests left out by --grep (skipped at collection) are not clauses of the run: not counted, not 'not applicable'", () => {
  const out: string[] = [];
  const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
  const tests = [tc("a.b: title", "passed"), tc("a.c: title", "skipped", undefined, "skip"), tc("a.d: title", "skipped", undefined, "skip")];
  const reporter = new ProgressReporter(stream);
  reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
  for (const t of tests) reporter.onTestCaseResult(t);
  reporter.onTestRunEnd([], []);
  expect(out.join("")).toBe("conformance [1/1 clauses] passed 1, failed 0 done\n");
});

test("an unspecified clause that passed counts as unspecified, never passed, as in the totals (src/outcomes clauseOutcome)", () => {
  const out: string[] = [];
  const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
  const tests = [tc("a.b: title", "passed"), tc("a.open: title", "passed"), tc("a.open2: title", "failed", "failed")];
  const reporter = new ProgressReporter(stream, { unspecified: (id) => id.startsWith("a.open") });
  reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
  for (const t of tests) reporter.onTestCaseResult(t);
  reporter.onTestRunEnd([], []);
  expect(out.join("")).toBe("conformance [3/3 clauses] passed 1, failed 1, unspecified 1 done\n");
});

test("the line names its target, so the matrix's two targets at once stay apart", () => {
  const out: string[] = [];
  const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
  const tests = [tc("a.b: title", "passed")];
  const reporter = new ProgressReporter(stream, { target: "persona:pre-error-codes" });
  reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
  for (const t of tests) reporter.onTestCaseResult(t);
  reporter.onTestRunEnd([], []);
  expect(out.join("")).toBe("conformance persona:pre-error-codes [1/1 clauses] passed 1, failed 0 done\n");
});

test("the line of the clause a run judges itself (safety.user-spaces.unchanged) has the vitest lines' form, so the lines add up to the totals", () => {
  expect(progressLine("persona:current", 1, 1, new Map([["not-applicable", 1]]))).toBe("conformance persona:current [1/1 clauses] passed 0, failed 0, not applicable 1");
  expect(progressLine(undefined, 1, 1, new Map([["passed", 1]]))).toBe("conformance [1/1 clauses] passed 1, failed 0");
  expect(progressLine("", 1, 1, new Map([["failed", 1]]))).toBe("conformance [1/1 clauses] passed 0, failed 1");
  // it names its clause: an installed run's [Serial] phase counts one clause too, on the line just before
  expect(progressLine(undefined, 1, 1, new Map([["passed", 1]]), "safety.user-spaces.unchanged")).toBe("conformance safety.user-spaces.unchanged [1/1 clauses] passed 1, failed 0");
  expect(progressLine("persona:current", 1, 1, new Map([["broken", 1]]), "safety.user-spaces.unchanged")).toBe("conformance persona:current safety.user-spaces.unchanged [1/1 clauses] passed 0, failed 0, broken 1");
});

test("a later phase's last line attributes as the judge does over the whole run: an owner that failed in an earlier phase counts", () => {
  // an installed run: the [Serial] file runs in a phase of its own, after the rest; its one clause
  // stood on a clause that failed in the first phase. The judge (src/run/attribute-results.ts) sees
  // both phases' results: precondition failed. The second phase's reporter must say the same.
  const first = [tc("a.owner: title", "failed", "failed"), tc("a.other: title", "passed")];
  const second = [tc("a.serial: title", "failed", "precondition-failed", "run", "a.owner")];
  const lastLine = (tests: TestCase[], earlier?: ReadonlyMap<string, ReadonlySet<string>>) => {
    const out: string[] = [];
    const stream = { isTTY: false, write: (s: string) => out.push(s) } as unknown as NodeJS.WriteStream;
    const reporter = new ProgressReporter(stream, earlier ? { earlierBroken: earlier } : {});
    reporter.onTestModuleCollected({ children: { allTests: () => tests } } as unknown as TestModule);
    for (const t of tests) reporter.onTestCaseResult(t);
    reporter.onTestRunEnd([], []);
    return out.at(-1);
  };
  const judged = attributeFiles([...first, ...second].map(asResultFile));
  expect(judged.unattributed, "the judge: the precondition failure stands").toEqual([]);
  expect(lastLine(second, observedBroken([...first, ...second].map((t) => attributionInputOf(asResultFile(t).result)!).filter((i) => i.clause !== "a.serial")))).toBe("conformance [1/1 clauses] passed 0, failed 0, precondition failed 1 done\n");
  // what a phase's environment carries from the ones before it, read back the same
  expect(lastLine(second, readEarlierBroken({ [EARLIER_BROKEN_ENV]: earlierBrokenEnv(observedBroken([{ clause: "a.owner", outcome: "failed" }])) }))).toBe("conformance [1/1 clauses] passed 0, failed 0, precondition failed 1 done\n");
  // with nothing from before, the owner's failure is unseen: broken, not attributed
  expect(lastLine(second)).toBe("conformance [1/1 clauses] passed 0, failed 0, broken 1 done\n");
});

/** A result file as allure-vitest writes one for `t` (status, clause label, outcome and owner labels). */
function asResultFile(t: TestCase): ResultFile {
  const meta = t.meta();
  const state = t.result().state;
  const labels: { name: string; value: string }[] = [{ name: LABEL.clause, value: clauseOfTest(t.name) }];
  if (meta.outcome === "precondition-failed") labels.push({ name: LABEL.outcome, value: OUTCOME_LABEL.preconditionFailed });
  if (meta.preconditionOwner !== undefined) labels.push({ name: LABEL.preconditionOwner, value: meta.preconditionOwner });
  const status = state === "passed" ? "passed" : meta.outcome === "failed" ? "failed" : "broken";
  const raw = { name: t.name, status, labels };
  return { raw, result: { file: `${t.name}-result.json`, name: t.name, status, labels } } as unknown as ResultFile;
}
