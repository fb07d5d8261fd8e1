/**
 * The harness's own tests (`npm test`): the contract data, the fake bridge, the probe, versions,
 * matchers, the report and the CLI, including end-to-end conformance runs and the mutant check.
 * The contract suites in suites/ are not run here directly: test/cli and test/mutants run them
 * through `ego-conformance run`, as a user would.
 */
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "threads",
    testTimeout: 20_000,
  },
});
