// A runner that runs again after a clause file changed on disk (`run --watch`): without `reload`
// it would run the code it loaded first; after it, the file's new code, in a kept thread or a new one.
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClauseRunner } from "../../src/run/runner.js";
import { PROJECT_ROOT, vitestPhases } from "../../src/run/vitest-phases.js";
import { RESULTS_DIR_ENV } from "../../src/harness/run-config.js";
import { readResults } from "../../src/report/results-reader.js";
import { tempDir } from "../support/temp-dir.js";

const WORKERS = 1;
const phase = vitestPhases(false, undefined, [], WORKERS)[0]!;

/** A project of one clause file that labels its result with a value from a module it imports. */
async function project(): Promise<{ root: string; helper: string; dir: string }> {
  const root = await tempDir("runner-reload");
  await symlink(join(PROJECT_ROOT, "node_modules"), join(root, "node_modules"));
  const setup = resolve(PROJECT_ROOT, "src/harness/next-target-setup.ts");
  await writeFile(join(root, "vitest.config.mjs"), `export default { test: { include: ["suites/**/*.fixture.ts"], pool: "threads", isolate: false, testTimeout: 20000, setupFiles: [${JSON.stringify(setup)}] } };\n`);
  await mkdir(join(root, "suites/reload"), { recursive: true });
  await writeFile(
    join(root, "suites/reload/value.fixture.ts"),
    `import * as allure from "allure-js-commons";\nimport { test } from "vitest";\nimport { VALUE } from "./helper.js";\ntest("value", async () => { await allure.label("value", VALUE); });\n`,
  );
  const helper = join(root, "suites/reload/helper.ts");
  await writeFile(helper, `export const VALUE = "first";\n`);
  return { root, helper, dir: join(root, "suites/reload") };
}

describe.each([
  ["keeps its workers", true],
  ["does not keep its workers", false],
])("a runner that %s", (_name, keepWorkers) => {
  let runner: ClauseRunner;
  let helper: string;
  let dir: string;
  let runs = 0;
  const resultsOfRun = async () => {
    const resultsDir = join(await tempDir("runner-reload-results"), `run-${++runs}`);
    const { unhandledErrors } = await runner.runPhase(phase, { areas: ["reload"] }, { [RESULTS_DIR_ENV]: resultsDir });
    expect(unhandledErrors).toBe(0);
    return readResults(resultsDir);
  };
  const valueSeen = async (): Promise<string | undefined> => {
    const [result] = await resultsOfRun();
    expect(result?.status).toBe("passed");
    return result?.labels.find((l) => l.name === "value")?.value;
  };

  beforeAll(async () => {
    const made = await project();
    helper = made.helper;
    dir = made.dir;
    runner = await ClauseRunner.start({ maxWorkers: WORKERS, config: join(made.root, "vitest.config.mjs"), root: made.root, keepWorkers });
  });
  afterAll(async () => {
    await runner?.close();
  });

  it("runs a changed file's new code after reload, and only then", async () => {
    expect(await valueSeen()).toBe("first");
    await writeFile(helper, `export const VALUE = "second";\n`);
    // what it loaded stays loaded: this is why the watch reloads what changed
    expect(await valueSeen()).toBe("first");
    await runner.reload([helper]);
    expect(await valueSeen()).toBe("second");
    expect(await valueSeen()).toBe("second");
  }, 120_000);

  it("runs a clause file made after it started, and no longer one removed, after reload", async () => {
    const made = join(dir, "made.fixture.ts");
    await writeFile(made, `import { test } from "vitest";\ntest("made", () => {});\n`);
    await runner.reload([made]);
    expect((await resultsOfRun()).map((r) => r.name).sort()).toEqual(["made", "value"]);
    await rm(made);
    await runner.reload([made]);
    expect((await resultsOfRun()).map((r) => r.name)).toEqual(["value"]);
  }, 120_000);
});
