// taskId is a display copy of name, never a locator: in create, claim and list results.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.task-id.display-copy", async ({ ego, spaces }) => {
  const name = spaces.name();
  const created = await observeCall(ego, "createTaskSpace", [name]);
  const id = (created.value as { id?: number } | undefined)?.id;
  if (id !== undefined) spaces.track({ id, name });
  expect(created.value, "createTaskSpace result").toMatchObject({ taskId: name, name });
  const own = await spaces.userOwned();
  const renamed = spaces.name("renamed");
  const claimed = await observeCall(ego, "claimTaskSpace", [own.id, renamed]);
  spaces.track({ id: own.id, name: renamed });
  expect(claimed.value, "claimTaskSpace result").toMatchObject({ taskId: renamed, name: renamed });
  expect(await entryOf(ego, own.id), "listTaskSpaces entry").toMatchObject({ taskId: renamed, name: renamed });
});
