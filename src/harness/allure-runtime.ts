/**
 * allure-vitest's test runtime, installed when none is set: under `isolate: false` its setup hook
 * never runs in a worker whose first file has nothing to run, and every `allure.*` call there is
 * then silently dropped, leaving results without labels that the summary reads as unknown.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { getGlobalTestRuntime, setGlobalTestRuntime } from "allure-js-commons/sdk/runtime";

type Runtime = Parameters<typeof setGlobalTestRuntime>[0];

export async function ensureAllureRuntime(): Promise<void> {
  if (getGlobalTestRuntime().constructor.name !== "NoopTestRuntime") return;
  // the runtime class is not exported: loaded by its file beside the setup module (allure-vitest 3.12.x)
  const setup = createRequire(import.meta.url).resolve("allure-vitest/setup");
  const { VitestTestRuntime } = (await import(pathToFileURL(join(dirname(setup), "VitestTestRuntime.js")).href)) as { VitestTestRuntime: new () => Runtime };
  setGlobalTestRuntime(new VitestTestRuntime());
}
