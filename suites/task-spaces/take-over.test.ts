// takeOverTaskSpace: status string, agent ownership again, idempotence.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";

clause("task-spaces.take-over.status", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  expect(await observeCall(ego, "takeOverTaskSpace", [], own.id)).toResolveStatus("takeOverTaskSpace", own.id);
});

clause("task-spaces.take-over.agent", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  await observeCall(ego, "takeOverTaskSpace", [], own.id);
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agent" });
});

clause("task-spaces.take-over.idempotent", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "takeOverTaskSpace", [], own.id)).toResolveStatus("takeOverTaskSpace", own.id);
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agent" });
});
