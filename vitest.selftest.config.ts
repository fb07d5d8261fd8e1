/**
 * The harness's own tests, in two vitest projects:
 *   unit  (`npm run test:unit`, the inner loop: well under 30 s) the contract data, the fake bridge
 *         in process, the probe, versions, matchers, the report, the gate, expectations, the
 *         clause-site check: no child process, no browser, no conformance run;
 *   e2e   (`npm run test:e2e`) every file that starts the CLI, the fake app or its `ego-browser`,
 *         Chromium, or whole conformance runs: the mutant check, the personas, the installed
 *         target, the runner's inline suites.
 * `npm test` runs tsc, both projects, then the Playwright browser tests, as CI does (.ci/run).
 * The contract suites in suites/ are not run here directly: the e2e tests run them through
 * `ego-conformance run`, as a user would.
 *
 * A file goes to e2e when it spawns any of those (measured file by file with strace, 2026-12-01);
 * In the unit project every way of starting a child process throws (test/support/no-child-processes.ts).
 */
import { configDefaults, defineConfig } from "vitest/config";
import { CORES } from "./test/support/e2e-workers.js";

export const E2E_TESTS = [
  "test/chromium/browser-lifetime.test.ts",
  "test/chromium/process-model.test.ts",
  "test/chromium/frame-refs.test.ts",
  "test/chromium/new-tab-scripts.test.ts",
  "test/chromium/tabs.test.ts",
  "test/chromium/automation.test.ts",
  "test/chromium/under-load.test.ts",
  "test/cli/**/*.test.ts",
  "test/run/runner.test.ts",
  "test/run/kept-workers.test.ts",
  "test/run/runner-fallback.test.ts",
  "test/run/runner-reload.test.ts",
  "test/cli-target/busy-launcher.test.ts",
  "test/cli-target/cli-target.test.ts",
  "test/cli-target/exit-after-close.test.ts",
  "test/cli-target/report-diagnostics.test.ts",
  "test/cli-target/sdk-path.test.ts",
  "test/expectations/expectations-cli.test.ts",
  "test/fake-bridge/chromium-snapshot/snapshot-from-cdp.test.ts",
  "test/fake-server/**/*.test.ts",
  "test/fixture-pages/server.test.ts",
  "test/gate/gate-cli.test.ts",
  "test/gate/installed-recipe.test.ts",
  "test/harness/feature-reads.test.ts",
  "test/infra-faults/launcher-faults.test.ts",
  "test/infra-faults/retry-rules.test.ts",
  "test/infra-faults/run-faults.test.ts",
  "test/infra-faults/soak.test.ts",
  "test/installed/**/*.test.ts",
  "test/journeys/release-manager.test.ts",
  "test/matrix/matrix-cli.test.ts",
  "test/mutants/**/*.test.ts",
  "test/outcomes/attribution-by-cause.test.ts",
  "test/outcomes/one-cause-cli.test.ts",
  "test/processes/checkout-bundle.test.ts",
  "test/outcomes/runner-outcomes.test.ts",
  "test/personas/persona-pages.test.ts",
  "test/personas/persona-runs.test.ts",
  "test/report/allure-report.test.ts",
  "test/report/quality-gate-cli.test.ts",
  "test/report/one-count.test.ts",
  "test/safety/clause-result.test.ts",
  "test/cli/results-lock.test.ts",
  "test/safety/ledger.test.ts",
  "test/safety/output-dir.test.ts",
  "test/safety/temp-files.test.ts",
  "test/safety/input-hygiene.test.ts",
  "test/safety/write-door.test.ts",
  "test/safety/hostile-inputs-cli.test.ts",
  "test/cli/bad-files.test.ts",
  "test/safety/interrupted-commands.test.ts",
  "test/safety/full-disk.test.ts",
  "test/recording/recordings.test.ts",
  "test/recording/installed-record.test.ts",
  "test/recording/verify-fake-writes.test.ts",
  "test/recording/derived-persona.test.ts",
];

export default defineConfig({
  test: {
    pool: "threads",
    testTimeout: 20_000,
    // every file's wall time and test count to reports/test-times.json, and the slowest printed (test/README.md)
    reporters: ["default", "./test/support/times/vitest-reporter.ts"],
    projects: [
      {
        extends: true,
        // The unit files share nothing mutable (no module mocks, no env, global or timer stubs), so
        // the module graph is kept between files, as the conformance config does: a third of the
        // CPU time of isolated files. A unit test that needs vi.mock or stubs goes to e2e or isolates itself.
        test: { name: "unit", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...E2E_TESTS], setupFiles: ["./test/support/no-child-processes.ts", "./test/support/remove-temp-dirs.ts"], isolate: false, sequence: { groupOrder: 0 } },
      },
      // One e2e file per core at once (test/support/e2e-workers.ts). vitest's default keeps a core
      // free (one file at a time on 2 cores), and these files mostly wait on the processes they
      // start: one at a time, the e2e project took 972 s wall for 874 CPU-seconds on 2 cores
      // (docs/speed.md). One more failed timing bounds under load.
      { extends: true, test: { name: "e2e", include: E2E_TESTS, setupFiles: ["./test/support/remove-temp-dirs.ts"], maxWorkers: CORES, sequence: { groupOrder: 1 } } },
    ],
  },
});
