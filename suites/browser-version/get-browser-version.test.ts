// getBrowserVersion: shape, not task-scoped, four-part version.
import { expect } from "vitest";
import { BrowserVersionResult } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import { isEgoVersionText } from "../../src/version/index.js";

clause("browser-version.result-shape", async ({ ego }) => {
  expect(await observeCall(ego, "getBrowserVersion")).toResolveMatching(BrowserVersionResult);
});

clause("browser-version.not-task-scoped", async ({ ego, spaces }) => {
  const unselected = await observeCall(ego, "getBrowserVersion");
  const own = await spaces.delegated();
  const underUserControl = await observeCall(ego, "getBrowserVersion", [], own.id);
  expect(unselected).toResolveMatching(BrowserVersionResult);
  expect(underUserControl.value).toEqual(unselected.value);
});

clause("browser-version.four-part", async ({ ego }) => {
  const { currentVersion } = (await observeCall(ego, "getBrowserVersion")).value as { currentVersion: string };
  expect(isEgoVersionText(currentVersion) && currentVersion.trim().split(".").length === 4, `currentVersion ${JSON.stringify(currentVersion)}`).toBe(true);
});
