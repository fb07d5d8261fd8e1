// After a rename the space is found by its id; its old name no longer names it.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { listedEntries, observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.lookup.by-id-after-rename", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const renamed = spaces.name("renamed");
  await observeCall(ego, "claimTaskSpace", [own.id, renamed]);
  spaces.track({ id: own.id, name: renamed });
  const entries = await listedEntries(ego);
  expect(entries.find((e) => e.id === own.id)).toMatchObject({ id: own.id, name: renamed });
  expect(entries.filter((e) => e.name === own.name), "no space is listed under the old name").toEqual([]);
  const selected = await observeCall(ego, "setAgentTaskState", ["after rename"], own.id);
  expect(selected).toResolveStatus("setAgentTaskState", own.id);
});
