// completeTaskSpace: status string; the Space stays, same id, now user-owned.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf } from "../../src/harness/probes.js";
import { callOnFreshSpace } from "./on-fresh-space.js";

clause("task-spaces.complete.status", async ({ ego, spaces }) => {
  const { own, seen } = await callOnFreshSpace(ego, spaces, "completeTaskSpace");
  expect(seen).toResolveStatus("completeTaskSpace", own.id);
});

clause("task-spaces.complete.user-owned-same-id", async ({ ego, spaces }) => {
  const { own } = await callOnFreshSpace(ego, spaces, "completeTaskSpace");
  // found by id, else by name: a build that lists ids must list the same one
  const entry = await entryOf(ego, own.id, own.name);
  expect(entry).toMatchObject({ ...(entry !== undefined && "id" in entry ? { id: own.id } : {}), name: own.name, ownership: "user" });
});
