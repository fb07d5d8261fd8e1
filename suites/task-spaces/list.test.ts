// listTaskSpaces: entry shape, read-only, and regular Spaces the user created.
import { expect } from "vitest";
import { TaskSpaceList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { entryOf, listedEntries, observeCall } from "../../src/harness/probes.js";

clause("task-spaces.list.entry-shape", async ({ ego, spaces }) => {
  await spaces.create();
  await spaces.userOwned();
  await spaces.delegated();
  expect(await observeCall(ego, "listTaskSpaces")).toResolveMatching(TaskSpaceList);
});

clause("task-spaces.list.read-only", async ({ ego, spaces }) => {
  await spaces.userOwned();
  // this clause's own spaces: on a shared browser other clauses' spaces come and go meanwhile
  const mine = async () => (await listedEntries(ego)).filter((e) => typeof e.name === "string" && e.name.startsWith(spaces.prefix));
  const before = await mine();
  expect(before.length, "the clause's user-owned space is listed").toBeGreaterThan(0);
  await listedEntries(ego);
  expect(await mine(), "listing twice changes nothing").toEqual(before);
  expect(await observeCall(ego, "listTabs"), "listing selects nothing").toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
});

clause("task-spaces.list.includes-user-spaces", async ({ ego, spaces, operator }) => {
  const name = spaces.name("user-created");
  const made = await operator.createUserSpace(name, { tabs: [{ url: offlineUrl("notes"), title: "Project notes" }] });
  spaces.track({ id: made.id, name }, { createdBy: "user" });
  const entry = await entryOf(ego, made.id, name);
  expect(entry).toMatchObject({ ...(entry !== undefined && "id" in entry ? { id: made.id } : {}), name, taskId: name, createdBy: "user", ownership: "user" });
});
