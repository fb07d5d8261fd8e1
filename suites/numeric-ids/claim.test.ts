// claimTaskSpace resolves the claimed space's numeric id.
import { expect } from "vitest";
import { TaskSpaceId } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.claim.id-is-number", async ({ ego, spaces }) => {
  const own = await spaces.userOwned();
  const seen = await observeCall(ego, "claimTaskSpace", [own.id]);
  const id = (seen.value as { id?: unknown } | undefined)?.id;
  expect(seen.channel).toBe("resolved");
  expect(TaskSpaceId.safeParse(id).success, `id ${JSON.stringify(id)} is a non-negative integer`).toBe(true);
  expect(id).toBe(own.id);
});
