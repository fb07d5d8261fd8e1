// createTaskSpace: result shape, ownership, no implicit selection, duplicate names.
import { expect } from "vitest";
import { TaskSpaceRef } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { entryOf, listSpaces, observeCall } from "../../src/harness/probes.js";

clause("task-spaces.create.result-shape", async ({ ego, spaces }) => {
  const name = spaces.name();
  const seen = await observeCall(ego, "createTaskSpace", [name]);
  const id = (seen.value as { id?: number } | undefined)?.id;
  if (id !== undefined) spaces.track({ id, name });
  expect(seen).toResolveMatching(TaskSpaceRef);
  expect(seen.value).toMatchObject({ name, taskId: name });
});

clause("task-spaces.create.agent-owned", async ({ ego, spaces }) => {
  const own = await spaces.create();
  // found by id, or by name on builds without ids; the id itself is the numeric-ids clauses'
  expect(await entryOf(ego, own.id, own.name)).toMatchObject({ name: own.name, createdBy: "agent", ownership: "agent" });
});

clause("task-spaces.create.does-not-select", async ({ ego, spaces }) => {
  const name = spaces.name();
  const seen = await ego.evaluate(async (p, name) => {
    const created = (await p.ego.createTaskSpace(name)) as { id?: number };
    return { created, after: await p.call("listTabs", []) };
  }, name);
  if (seen.created.id !== undefined) spaces.track({ id: seen.created.id, name });
  expect(seen.after).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
});

clause("task-spaces.create.duplicate-name", async ({ ego, spaces }) => {
  const first = await spaces.create({ label: "twin" });
  const second = await observeCall(ego, "createTaskSpace", [first.name]);
  const id = (second.value as { id?: number } | undefined)?.id;
  if (id !== undefined) spaces.track({ id, name: first.name });
  expect(second).toResolveMatching(TaskSpaceRef);
  expect(id, "a second space with the same name gets its own id").not.toBe(first.id);
  expect((await listSpaces(ego)).filter((e) => e.name === first.name)).toHaveLength(2);
});
