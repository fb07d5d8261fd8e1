// The harness's version reader on this target: available where the build has the method, and
// never an exception anywhere (its fallbacks are tested against broken bridges in test/).
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { readBrowserVersion } from "../../src/target/browser-version.js";

clause("browser-version.reader.available", async ({ ego, target }) => {
  const reading = await readBrowserVersion(ego);
  expect(reading).toMatchObject({ status: "available" });
  if (reading.status === "available" && target.info.egoVersion) expect(reading.version?.text).toBe(target.info.egoVersion.text);
});

clause("browser-version.reader.never-crashes", async ({ ego }) => {
  const reading = await readBrowserVersion(ego, 500);
  expect(["available", "unavailable"]).toContain(reading.status);
});
