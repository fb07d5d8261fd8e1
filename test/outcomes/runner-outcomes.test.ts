/**
 * The runner's outcome rules, end to end: tiny inline suites (Playwright's runInlineTest style)
 * written to a temporary directory and run through vitest with the Allure reporter against the
 * fake, then read back as a user's report would read them.
 */
import { writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { execa } from "execa";
import { beforeAll, describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { RUN_ENV } from "../../src/harness/run-config.js";
import { LABEL } from "../../src/report/labels.js";
import { labelValue, readResults, type TestResult } from "../../src/report/results-reader.js";
import { PROJECT_ROOT, tempDir } from "../cli/run-cli.js";

const require = createRequire(import.meta.url);
const VITEST_CLI = resolve(require.resolve("vitest/package.json"), "../vitest.mjs");
const ALLURE_REPORTER = require.resolve("allure-vitest/reporter");
const src = (path: string) => JSON.stringify(join(PROJECT_ROOT, "src", path));

/** Clauses picked from the catalogue by kind, so the test survives catalogue edits. */
const plain = CATALOGUE.filter((c) => !c.unspecified && c.needs.length === 0 && c.features.length === 0 && c.versions === undefined).map((c) => c.id);
const [ASSERTS, PRECONDITION, HARNESS_BUG, OWN_RULE, OWNER] = plain as [string, string, string, string, string];
/** unspecified clauses with a judged core: what they assert outside ctx.openDetail is judged */
const [UNSPECIFIED, CORE] = CATALOGUE.filter((c) => c.unspecified && c.unspecified.core !== null && c.needs.length === 0 && c.features.length === 0).map((c) => c.id) as [string, string];
/** a clause gated by a feature the persona lacks */
const GATED = CATALOGUE.find((c) => c.features.length === 1 && c.features[0] === "numeric-ids" && c.needs.length === 0)!.id;

async function runInline(files: Record<string, string>, env: Record<string, string>): Promise<TestResult[]> {
  const dir = await tempDir("inline");
  const resultsDir = join(dir, "allure-results");
  // the Allure reporter as vitest.conformance.config.ts configures it
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
  if (results.length === 0) throw new Error(`the inline run wrote no results:\n${child.stdout}\n${child.stderr}`);
  return results;
}

describe("the runner's outcome rules", () => {
  let results: TestResult[];
  const of = (id: string) => {
    const r = results.filter((x) => labelValue(x, LABEL.clause) === id);
    expect(r, id).toHaveLength(1);
    return r[0]!;
  };

  beforeAll(async () => {
    results = await runInline(
      {
        "outcomes.test.ts": `
import { expect } from "vitest";
import { clause } from ${src("harness/clause.ts")};
import { PreconditionError } from ${src("harness/precondition.ts")};
clause(${JSON.stringify(ASSERTS)}, async () => { expect(1, "the build answered wrong").toBe(2); });
clause(${JSON.stringify(PRECONDITION)}, async () => { throw new PreconditionError("precondition failed: could not create a task space", ${JSON.stringify(OWNER)}); });
clause(${JSON.stringify(OWN_RULE)}, async () => { throw new PreconditionError("its own rule", ${JSON.stringify(OWN_RULE)}); });
clause(${JSON.stringify(HARNESS_BUG)}, async () => { throw new TypeError("a harness bug"); });
clause(${JSON.stringify(UNSPECIFIED)}, async (ctx) => { await ctx.openDetail(() => { expect("the build's choice").toBe("the fake's choice"); }); });
clause(${JSON.stringify(CORE)}, async (ctx) => { expect("the core's answer", "the documented core").toBe("the documented one"); await ctx.openDetail(() => {}); });
clause(${JSON.stringify(GATED)}, async () => { throw new Error("a gated clause must not run"); });
`,
      },
      { [RUN_ENV.persona]: "pre-numeric-ids" },
    );
  }, 120_000);

  test("an assertion is failed", () => {
    expect(of(ASSERTS).status).toBe("failed");
    expect(labelValue(of(ASSERTS), LABEL.outcome)).toBeUndefined();
  });

  test("a PreconditionError is precondition failed, labelled with its owner and naming it in the message", () => {
    const r = of(PRECONDITION);
    expect(r.status).toBe("broken");
    expect(labelValue(r, LABEL.outcome)).toBe("precondition-failed");
    expect(labelValue(r, LABEL.preconditionOwner)).toBe(OWNER);
    expect(r.message).toBe(`precondition failed (owned by ${OWNER}): could not create a task space`);
  });

  test("a PreconditionError about the clause's own rule is failed", () => {
    expect(of(OWN_RULE).status).toBe("failed");
    expect(labelValue(of(OWN_RULE), LABEL.outcome)).toBeUndefined();
  });

  test("any other error is broken", () => {
    expect(of(HARNESS_BUG).status).toBe("broken");
    expect(labelValue(of(HARNESS_BUG), LABEL.outcome)).toBeUndefined();
  });

  test("an unspecified clause whose open detail differs from the fake is recorded, not failed", () => {
    expect(of(UNSPECIFIED).status).toBe("passed");
    expect(labelValue(of(UNSPECIFIED), LABEL.unspecifiedOutcome)).toBe("differs-from-the-fake");
  });

  test("an unspecified clause whose documented core is broken fails", () => {
    expect(of(CORE).status).toBe("failed");
    expect(of(CORE).message).toMatch(/the documented core/);
  });

  test("a gated clause is skipped with its key in a label and its reason in the message", () => {
    expect(of(GATED).status).toBe("skipped");
    expect(labelValue(of(GATED), LABEL.notApplicable)).toBe("feature:numeric-ids");
    expect(of(GATED).message).toMatch(/^not applicable: needs the 'numeric-ids' feature, which Ego Lite \S+ does not have$/);
    expect(labelValue(of(GATED), LABEL.statusMessage)).toBeUndefined();
  });
});
