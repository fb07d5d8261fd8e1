/**
 * Tiny inline suites (Playwright's runInlineTest style): clause files written to a temporary
 * directory and run through vitest against the fake, with the Allure reporter as
 * vitest.conformance.config.ts configures it, then read back as a user's report would read them.
 * A test that uses them spawns vitest: it belongs in E2E_TESTS.
 */
import { writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { beforeAll, expect } from "vitest";
import { RUN_ENV } from "../../src/harness/run-config.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults, type TestResult } from "../../src/report/results-reader.js";
import { PROJECT_ROOT } from "../cli/run-cli.js";
import { tempDir } from "./temp-dir.js";

const require = createRequire(import.meta.url);
const VITEST_CLI = resolve(require.resolve("vitest/package.json"), "../vitest.mjs");
const ALLURE_REPORTER = require.resolve("allure-vitest/reporter");

/** A module of src/ as an import specifier for an inline file. */
export const src = (path: string) => JSON.stringify(join(PROJECT_ROOT, "src", path));
/** allure-js-commons as an import specifier for an inline file. */
export const ALLURE = JSON.stringify(require.resolve("allure-js-commons"));

/** Runs the inline clause files (name -> text) with `env` added; every result they wrote. */
export async function runInline(tag: string, files: Record<string, string>, env: Record<string, string>): Promise<TestResult[]> {
  const dir = await tempDir(tag);
  const resultsDir = join(dir, "allure-results");
  await writeFile(
    join(dir, "vitest.config.ts"),
    `import { statusMessageListener } from ${src("harness/status-message.ts")};\n` +
      `export default { test: { include: ["*.test.ts"], testTimeout: 30000, reporters: [[${JSON.stringify(ALLURE_REPORTER)}, { resultsDir: ${JSON.stringify(resultsDir)}, listeners: [statusMessageListener] }]] } };\n`,
  );
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const child = await execa(process.execPath, [VITEST_CLI, "run", "--config", join(dir, "vitest.config.ts"), "--root", dir], {
    cwd: dir,
    env: { ...env, [RUN_ENV.target]: "fake" },
    reject: false,
    timeout: 90_000,
    stdin: "ignore",
  });
  const results = await readResults(resultsDir).catch(() => []);
  if (results.length === 0) throw new Error(`the inline run wrote no results (${child.exitCode}, ${child.signal}, ${child.message}):\n${child.stdout}\n${child.stderr}`);
  return results;
}

/** The result of clause `id`, checked to be the only one. */
export function resultOf(results: TestResult[], id: string): TestResult {
  const r = results.filter((x) => labelValue(x, LABEL.clause) === id);
  expect(r, id).toHaveLength(1);
  return r[0]!;
}

/** In a describe block: runs the inline files once, before its tests; what it returns gives a clause's one result. */
export function inlineSuite(tag: string, files: Record<string, string>, env: Record<string, string>): (id: string) => TestResult {
  let results: TestResult[] = [];
  beforeAll(async () => {
    results = await runInline(tag, files, env);
  }, 120_000);
  return (id) => resultOf(results, id);
}
