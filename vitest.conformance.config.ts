/**
 * The conformance run: the contract suites against the target named by the run's environment
 * (src/harness/run-config.ts). `ego-conformance run` starts vitest with this file.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["suites/**/*.test.ts"],
    pool: "threads",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: [
      "default",
      ["allure-vitest/reporter", { resultsDir: process.env.ALLURE_RESULTS_DIR ?? "reports/allure-results", reportMatchers: false }],
    ],
  },
});
