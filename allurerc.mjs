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

/** @type {import("allure").AllureConfig} */
const config = {
  name: REPORT_NAME,
  output: "./reports/allure-report",
  // Trends between runs; one JSON line appended per generate. Optional: delete the file to reset.
  historyPath: "./reports/allure-history.jsonl",
  historyLimit: 30,
  // One category per outcome (src/outcomes/allure-categories.json, the outcome model's data).
  categories: CATEGORIES,
  plugins: {
    // A single plugin: the report lands directly in `output` (index.html at its root).
    awesome: {
      options: {
        reportName: REPORT_NAME,
        singleFile: false,
        reportLanguage: "en",
        groupBy: ["area", "method"],
      },
    },
  },
};

export default config;
