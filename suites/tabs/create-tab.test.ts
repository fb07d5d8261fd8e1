// createTab(url) resolves a tab descriptor with a targetId.
import { expect } from "vitest";
import { CreatedTab } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("tabs.create.result", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "createTab", ["https://example.com/create-tab"], own.id)).toResolveMatching(CreatedTab);
});
