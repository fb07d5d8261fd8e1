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
  // a missing or failing getBrowserVersion fails here as a missing method, never as a harness error
  const seen = await observeCall(ego, "getBrowserVersion");
  const currentVersion = (seen.value as { currentVersion?: unknown } | null | undefined)?.currentVersion;
  expect(typeof currentVersion === "string" && isEgoVersionText(currentVersion) && currentVersion.trim().split(".").length === 4, `currentVersion ${JSON.stringify(currentVersion)} (${seen.channel})`).toBe(true);
});
