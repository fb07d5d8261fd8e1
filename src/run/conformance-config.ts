/**
 * The conformance run's vitest options, as data: vitest.conformance.config.ts gives them to a vitest
 * child, and the in-process runner (./runner.ts) hands them over inline, without loading a config file.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { BaseSequencer, type TestSpecification, type TestUserConfig } from "vitest/node";
import { PROJECT_ROOT } from "./vitest-phases.js";

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
 * run after the first transforms nothing again: the self-tests make many runs in a row. A packed
 * build (its marker file in the package root, scripts/build-package.ts) may be read-only and keeps
 * vitest's default.
 */
function moduleCache(root: string): Pick<TestUserConfig, "experimental"> {
  return existsSync(join(root, ".ego-conformance-build")) ? {} : { experimental: { fsModuleCache: true, fsModuleCachePath: ".cache/vitest-modules" } };
}

/** The `test` options of a conformance run, but its reporters: each target's are made from its environment (./conformance-reporters.ts). */
export function conformanceTestConfig(root = PROJECT_ROOT): TestUserConfig {
  return {
    ...moduleCache(root),
    include: ["suites/**/*.test.ts"],
    pool: "threads",
    // the parent-death watchdog: if the CLI dies, its workers and launchers die with it; and a
    // worker thread the runner kept from an earlier target forgets that target's state first
    setupFiles: [join(root, "src/harness/watchdog-setup.ts"), join(root, "src/harness/next-target-setup.ts")],
    // The suites share nothing mutable between files (each file gets its own target), so the
    // module graph is kept between files: a conformance run is mostly module loading otherwise.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: SlowFilesFirst },
  };
}
