// claimTaskSpace of an id no space has resolves EGO_TASK_SPACE_NOT_FOUND.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall, unusedId } from "../../src/harness/probes.js";

clause("error-codes.claim.not-found", async ({ ego }) => {
  const id = await unusedId(ego);
  expect(await observeCall(ego, "claimTaskSpace", [id])).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_FOUND");
});
