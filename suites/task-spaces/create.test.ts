// createTaskSpace: result shape, ownership, no implicit selection, duplicate names.
import { expect } from "vitest";
import { ErrorObject, TaskSpaceRef } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { stoppedBy } from "../../src/harness/precondition.js";
import { entryOf, listedEntries, observeCall } from "../../src/harness/probes.js";

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

clause("task-spaces.create.does-not-select", async ({ ego, spaces, openDetail }) => {
  const name = spaces.name();
  const seen = await ego.evaluate(async (p, name) => {
    const made = await p.call("createTaskSpace", [name]);
    const created = (made.value ?? {}) as { id?: number };
    const after = await p.call("listTabs", []);
    // the new space's own tabs, selected explicitly, to compare with what `after` listed
    const refused = created.id !== undefined && !(await p.use(created.id));
    const own = created.id === undefined || refused ? null : ((await p.ego.listTabs()) as { tabs?: { targetId: string }[] });
    return { made, created, after, own, refused };
  }, name);
  if (seen.created.id !== undefined) spaces.track({ id: seen.created.id, name });
  // the build's own id, refused back: an id that is not a number is numeric-ids.create.id-is-number's rule
  if (seen.refused && typeof seen.created.id !== "number") throw stoppedBy(seen.made, "numeric-ids.create.id-is-number", `useTaskSpace refused the id ${JSON.stringify(seen.created.id)} createTaskSpace handed out`);
  if (seen.refused) throw new Error(`useTaskSpace refused the id ${JSON.stringify(seen.created.id)} createTaskSpace handed out`);
  // core: no selection, or the new space; never another space's tabs, never a throw or rejection
  expect(seen.after.channel, "listTabs after createTaskSpace resolves").toBe("resolved");
  const listed = (seen.after.value as { tabs?: { targetId: string }[] } | undefined)?.tabs;
  if (listed !== undefined) expect(listed.map((t) => t.targetId), "a selection made by createTaskSpace is the new space").toEqual((seen.own?.tabs ?? []).map((t) => t.targetId));
  else expect(seen.after.value, "without a selection listTabs resolves an error object").toMatchObject({ error: expect.any(String) });
  await openDetail(() => {
    expect(seen.after).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
  });
});

clause("task-spaces.create.duplicate-name", async ({ ego, spaces, openDetail }) => {
  const first = await spaces.create({ label: "twin" });
  const second = await observeCall(ego, "createTaskSpace", [first.name]);
  const id = (second.value as { id?: number } | undefined)?.id;
  if (id !== undefined) spaces.track({ id, name: first.name });
  // core: resolves a space of its own, or a documented refusal; the first space is untouched
  expect(second.channel, "the second create resolves").toBe("resolved");
  if (id === undefined) expect(second).toResolveMatching(ErrorObject);
  else expect(id, "a second space with the same name never gets the first one's id").not.toBe(first.id);
  const listed = await listedEntries(ego);
  expect(listed.some((e) => e.id === first.id), "the first space stays listed").toBe(true);
  await openDetail(() => {
    expect(second).toResolveMatching(TaskSpaceRef);
    expect(listed.filter((e) => e.name === first.name)).toHaveLength(2);
  });
});
