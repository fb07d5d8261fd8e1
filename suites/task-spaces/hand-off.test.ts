// handOffTaskSpace: status string and agentDelegatedToUser ownership.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";

clause("task-spaces.hand-off.status", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "handOffTaskSpace", [], own.id)).toResolveStatus("handOffTaskSpace", own.id);
});

clause("task-spaces.hand-off.delegated", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agentDelegatedToUser", createdBy: "agent" });
});

clause("task-spaces.hand-off.twice", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  expect(await observeCall(ego, "handOffTaskSpace", [], own.id)).toResolveStatus("handOffTaskSpace", own.id);
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agentDelegatedToUser" });
});
