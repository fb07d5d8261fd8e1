/**
 * allure-vitest installs its test runtime in a `beforeAll` that its setup module registers when a
 * worker first imports it. The conformance run uses `isolate: false`, so that module is evaluated
 * once per worker: when the first file a worker runs has nothing to run (every clause skipped by
 * `--grep`), the hook never runs, and every `allure.*` call in that worker is silently dropped —
 * the results lose their labels and the summary reads them as unknown. `ensureAllureRuntime()`
 * installs allure-vitest's runtime when none is set (the class is not exported, so it is loaded
 * by its file next to the setup module, allure-vitest 3.12.x).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { getGlobalTestRuntime, setGlobalTestRuntime } from "allure-js-commons/sdk/runtime";

type Runtime = Parameters<typeof setGlobalTestRuntime>[0];

export async function ensureAllureRuntime(): Promise<void> {
  if (getGlobalTestRuntime().constructor.name !== "NoopTestRuntime") return;
  const setup = createRequire(import.meta.url).resolve("allure-vitest/setup");
  const { VitestTestRuntime } = (await import(pathToFileURL(join(dirname(setup), "VitestTestRuntime.js")).href)) as { VitestTestRuntime: new () => Runtime };
  setGlobalTestRuntime(new VitestTestRuntime());
}
