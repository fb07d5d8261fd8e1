/**
 * The conformance run: the contract suites against the target named by the run's environment
 * (src/harness/run-config.ts). `ego-conformance run` starts vitest with this file and asks for
 * the one-line progress display; run directly, vitest uses its default reporter.
 */
import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { conformanceReporters } from "./src/run/conformance-reporters.js";

/**
 * Clause files tagged slow (`*.slow.test.ts`: minutes of waiting) start first, so their wait
 * overlaps the other files instead of adding to the run (src/contract/clause.ts CLAUSE_TAGS).
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (f: TestSpecification) => f.moduleId.endsWith(".slow.test.ts");
    return [...sorted.filter(slow), ...sorted.filter((f) => !slow(f))];
  }
}

/**
 * In a checkout, vitest keeps its module transforms on disk (keyed by each file's content), so a
 * run after the first transforms nothing again: the self-tests make some 50 runs in a row. About
 * 1.5 CPU-seconds of a run's vitest (docs/speed.md). A packed build (its marker file beside this
 * config, scripts/build-package.ts) may be read-only and keeps vitest's default.
 */
const moduleCache = existsSync(new URL("./.ego-conformance-build", import.meta.url)) ? {} : { experimental: { fsModuleCache: true, fsModuleCachePath: ".cache/vitest-modules" } };

export default defineConfig({
  test: {
    ...moduleCache,
    include: ["suites/**/*.test.ts"],
    pool: "threads",
    // the parent-death watchdog: if the CLI dies, its workers and launchers die with it; and a
    // worker thread the runner kept from an earlier target forgets that target's state first
    setupFiles: ["./src/harness/watchdog-setup.ts", "./src/harness/next-target-setup.ts"],
    // The suites share nothing mutable between files (each file gets its own target), so the
    // module graph is kept between files: a conformance run is mostly module loading otherwise.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: SlowFilesFirst },
    // the Allure results and the progress display (src/run/conformance-reporters.ts)
    reporters: conformanceReporters(process.env),
  },
});
