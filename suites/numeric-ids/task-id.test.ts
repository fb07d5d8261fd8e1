// taskId is a display copy of name, never a locator: in create, claim and list results.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.task-id.display-copy", async ({ ego, spaces }) => {
  const name = spaces.name();
  const created = await observeCall(ego, "createTaskSpace", [name]);
  const id = (created.value as { id: number }).id;
  spaces.track({ id, name });
  expect(created.value).toMatchObject({ taskId: name, name });
  await spaces.drive({ id, name }, ["completeTaskSpace"]);
  const renamed = spaces.name("renamed");
  expect((await observeCall(ego, "claimTaskSpace", [id, renamed])).value).toMatchObject({ taskId: renamed, name: renamed });
  expect(await entryOf(ego, id)).toMatchObject({ taskId: renamed, name: renamed });
});
