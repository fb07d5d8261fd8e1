// `ego-browser nodejs --sdk-path M` loads M instead of the bundled SDK, before the script (research
// 3.1): the harness's raw-bridge module marks the global scope, and a script that cannot see the mark
// ran without it. Not applicable without a launcher.
import { expect } from "vitest";
import { RAW_BRIDGE_SDK_MARKER } from "../../src/contract/clauses/launcher.js";
import { clause } from "../../src/harness/clause.js";

clause("launcher.sdk-path.loads-module", async ({ ego, target }) => {
  const launch = target.info.launch;
  if (launch?.sdkPath === "not-requested") throw new Error("this CLI target was told never to pass --sdk-path: the clause cannot be judged (a harness setting)");
  const seen = await ego.evaluate((_p, key) => ({ loaded: (globalThis as Record<symbol, unknown>)[Symbol.for(key)] === true }), RAW_BRIDGE_SDK_MARKER);
  const said = launch?.detail ?? "the launcher started the script without the module";
  expect(seen.loaded, `the script ran without the --sdk-path module: ${said}`).toBe(true);
});
