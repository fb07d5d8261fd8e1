// setAgentTaskState resolves '<id> state updated.'
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("task-state.set.status", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "setAgentTaskState", ["Reading page"], own.id)).toResolveStatus("setAgentTaskState", own.id);
});
