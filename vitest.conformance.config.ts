/**
 * The conformance run: the contract suites against the target named by the run's environment
 * (src/harness/run-config.ts), with the options of src/run/conformance-config.ts. A vitest child of
 * `ego-conformance run` starts with this file; run directly, vitest uses its default reporter.
 */
import { defineConfig } from "vitest/config";
import { conformanceTestConfig } from "./src/run/conformance-config.js";
import { conformanceReporters } from "./src/run/conformance-reporters.js";

// the Allure results and the progress display
export default defineConfig({ test: { ...conformanceTestConfig(), reporters: conformanceReporters(process.env) } });
