// createTaskSpace resolves a numeric id.
import { expect } from "vitest";
import { TaskSpaceId } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.create.id-is-number", async ({ ego, spaces }) => {
  const name = spaces.name();
  const seen = await observeCall(ego, "createTaskSpace", [name]);
  const id = (seen.value as { id?: unknown } | undefined)?.id;
  if (id !== undefined) spaces.track({ id: id as number, name });
  expect(seen.channel).toBe("resolved");
  expect(TaskSpaceId.safeParse(id).success, `id ${JSON.stringify(id)} is a non-negative integer`).toBe(true);
});
