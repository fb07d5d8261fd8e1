// Allure 3 configuration for the conformance report (read by `allure generate`, see
// src/report/allure-report.ts, which runs the CLI with this file and then strips the analytics
// script the awesome plugin hard-codes).
//
// Paths are resolved against the working directory of the `allure` process.
// Categories: Allure 3's awesome plugin takes them from here (it ignores categories.json in the
// results). The first matching category wins, so "Known failures" and "Precondition failed" come
// before the status-only categories: an expected failure (label expectation=known) is no contract
// violation, and a precondition failure (label outcome=precondition-failed) is no harness error.
//
// No runtime `import { defineConfig } from "allure"`: the allure package's main module *is* the
// CLI and runs it with the importing process's argv (allure 3.18.0), so importing this file from
// anything but the allure CLI would print the CLI's help and set a failing exit code. defineConfig
// is the identity function; the JSDoc type below gives the same checking.

import { readFileSync } from "node:fs";

const REPORT_NAME = "Ego Lite conformance";
const CATEGORIES = JSON.parse(readFileSync(new URL("./src/outcomes/allure-categories.json", import.meta.url), "utf8")).map((c) => c.rule);

/**
 * The release verdict as an Allure quality gate (`allure quality-gate`, which reads this file; `allure
 * generate` does not evaluate gates): a result fails the run exactly when the outcome model's
 * FAILS_RUN holds for it (src/outcomes/statuses.ts, via resultOutcome in of-result.ts): failed,
 * broken, precondition failed (in the files broken; in the report's view skipped) or unknown, unless the expectations layer labelled it a
 * known failure. test/report/allurerc.test.ts holds this rule to resultOutcome for every status and
 * label; a clause with no result at all is unknown in the summary, and only the summary sees it.
 */
const failsRun = (tr) => {
  const label = (name) => tr.labels?.find((l) => l.name === name)?.value;
  const failing = tr.status === "failed" || tr.status === "broken";
  if (failing && label("expectation") === "known") return false;
  // the report's view shows a precondition failure as skipped (src/report/allure-view.ts)
  if (tr.status === "skipped" && label("outcome") === "precondition-failed") return true;
  return failing || tr.status === "unknown" || tr.status === undefined;
};
/** A result's clause (label `clause`); results without one count apart, each on its own. */
const clauseOf = (tr) => tr.labels?.find((l) => l.name === "clause")?.value ?? `result ${tr.id}`;
const egoVerdictRule = {
  rule: "egoVerdict",
  // counted by clause, as the terminal and the gate count: a clause's variants are one clause
  message: ({ actual, expected }) =>
    actual === "no results" ? "no results: nothing was verified" : `${actual} clause(s) fail the run (failed, precondition failed, broken or unknown; known failures apart): more than ${expected}`,
  successMessage: ({ actual }) => (actual === 0 ? "no clause fails the run" : `${actual} clause(s) fail the run`),
  validate: async ({ trs, expected }) => {
    // like the summary, a run with nothing in it verified nothing
    if (trs.length === 0) return { success: false, actual: "no results", testResults: [] };
    const failing = trs.filter(failsRun);
    const clauses = new Set(failing.map(clauseOf)).size;
    return { success: clauses <= expected, actual: clauses, testResults: failing.map((tr) => tr.id) };
  },
};

/** @type {import("allure").AllureConfig} */
const config = {
  name: REPORT_NAME,
  output: "./reports/allure-report",
  // Trends between runs; one JSON line appended per generate. Optional: delete the file to reset.
  historyPath: "./reports/allure-history.jsonl",
  historyLimit: 30,
  // One category per outcome (src/outcomes/allure-categories.json, the outcome model's data).
  categories: CATEGORIES,
  // the same verdict as the run's exit status and `gate` (see failsRun above)
  qualityGate: { rules: [{ egoVerdict: 0 }], use: [egoVerdictRule] },
  plugins: {
    // A single plugin: the report lands directly in `output` (index.html at its root).
    awesome: {
      options: {
        reportName: REPORT_NAME,
        singleFile: true,
        reportLanguage: "en",
        groupBy: ["area", "method"],
      },
    },
  },
};

export const failsRunForGate = failsRun;
export default config;
