// The harness's version reader on this target: available where the build has the method, and
// never an exception anywhere (its fallbacks are tested against broken bridges in test/).
import { expect } from "vitest";
import { BrowserVersionResult } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import { readBrowserVersion } from "../../src/targets/browser-version.js";

clause("browser-version.reader.available", async ({ ego, target }) => {
  const reading = await readBrowserVersion(ego);
  expect(reading).toMatchObject({ status: "available" });
  if (reading.status === "available" && target.info.egoVersion) expect(reading.version?.text).toBe(target.info.egoVersion.text);
});

// The reader's verdict must match what the build itself answers to a direct call: available
// (with the same version) exactly when getBrowserVersion resolves the documented shape with a
// non-blank version; unavailable, with a reason, for a missing method, a failure or a bad shape.
clause("browser-version.reader.never-crashes", async ({ ego }) => {
  const direct = await observeCall(ego, "getBrowserVersion");
  const shape = BrowserVersionResult.safeParse(direct.value);
  const good = direct.channel === "resolved" && shape.success && shape.data.currentVersion.trim() !== "";
  const reading = await readBrowserVersion(ego);
  if (good) expect(reading).toMatchObject({ status: "available", currentVersion: shape.data!.currentVersion.trim() });
  else expect(reading).toMatchObject({ status: "unavailable", reason: expect.stringMatching(/\S/) });
});
