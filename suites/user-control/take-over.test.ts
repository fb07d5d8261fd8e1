// Taking the space back (agent) or giving control back (user) unblocks the calls.
import { expect } from "vitest";
import { TabList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("user-control.take-over.unblocks", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    await p.ego.takeOverTaskSpace();
    return [await p.call("listTabs", []), await p.call("setAgentTaskState", ["back"])];
  }, own.id);
  expect(seen[0]).toResolveMatching(TabList);
  expect(seen[1]).toResolveStatus("setAgentTaskState", own.id);
});

clause("user-control.operator.return-control", async ({ ego, spaces, operator }) => {
  const own = await spaces.create();
  await operator.takeControl(own.id, "location");
  expect(await observeCall(ego, "listTabs", [], own.id)).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", "location");
  await operator.returnControl(own.id);
  expect(await observeCall(ego, "listTabs", [], own.id)).toResolveMatching(TabList);
});
