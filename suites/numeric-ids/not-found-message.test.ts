// "Task space not found: <id>": the message names the numeric id used for the lookup.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall, unusedId } from "../../src/harness/probes.js";

clause("numeric-ids.not-found.message-carries-id", async ({ ego }) => {
  const id = await unusedId(ego);
  const seen = await observeCall(ego, "claimTaskSpace", [id]);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_FOUND", new RegExp(`(^|\\D)${id}(\\D|$)`));
});
