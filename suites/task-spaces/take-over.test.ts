// takeOverTaskSpace: status string, agent ownership again, idempotence.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";
import { callOnFreshSpace } from "./on-fresh-space.js";

clause("task-spaces.take-over.status", async ({ ego, spaces }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "takeOverTaskSpace", "delegated");
  expect(seen).toResolveStatus("takeOverTaskSpace", own.id);
});

clause("task-spaces.take-over.agent", async ({ ego, spaces }) => {
  const { own } = await callOnFreshSpace(ego, spaces, "takeOverTaskSpace", "delegated");
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agent" });
});

clause("task-spaces.take-over.idempotent", async ({ ego, spaces, openDetail }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "takeOverTaskSpace");
  // core: resolves, and the space stays under agent control (a task call on it still works)
  expect(seen.channel, "takeOverTaskSpace resolves").toBe("resolved");
  const probe = await observeCall(ego, "setAgentTaskState", ["still the agent's"], own.id);
  expect(probe.channel, "a task call on the space still resolves").toBe("resolved");
  expect((probe.value as { error?: unknown } | null | undefined)?.error, "a task call on the space is not refused").toBeUndefined();
  const entry = await entryOf(ego, own.id, own.name);
  await openDetail(() => {
    expect(seen).toResolveStatus("takeOverTaskSpace", own.id);
    expect(entry).toMatchObject({ ownership: "agent" });
  });
});
