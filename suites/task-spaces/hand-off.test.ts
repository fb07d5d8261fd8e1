// handOffTaskSpace: status string and agentDelegatedToUser ownership.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";
import { callOnFreshSpace } from "./on-fresh-space.js";

clause("task-spaces.hand-off.status", async ({ ego, spaces }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "handOffTaskSpace");
  expect(seen).toResolveStatus("handOffTaskSpace", own.id);
});

clause("task-spaces.hand-off.delegated", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ ownership: "agentDelegatedToUser", createdBy: "agent" });
});

clause("task-spaces.hand-off.twice", async ({ ego, spaces, openDetail }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "handOffTaskSpace", "delegated");
  // core: resolves, and the space stays with the user (a blocked call still says so)
  expect(seen.channel, "handOffTaskSpace resolves").toBe("resolved");
  const probe = await observeCall(ego, "setAgentTaskState", ["still the user's"], own.id);
  expect(probe.channel, "a blocked call still resolves").toBe("resolved");
  const refusal = probe.value as { error?: unknown; error_code?: unknown } | null | undefined;
  expect(refusal?.error, "a blocked call is still refused: the space stays with the user").toBeTypeOf("string");
  if (refusal?.error_code !== undefined) expect(refusal.error_code).toBe("EGO_TASK_SPACE_USER_IN_CONTROL");
  const entry = await entryOf(ego, own.id, own.name);
  await openDetail(() => {
    expect(seen).toResolveStatus("handOffTaskSpace", own.id);
    expect(entry).toMatchObject({ ownership: "agentDelegatedToUser" });
  });
});
