// createTaskSpace resolves a numeric id.
import { expect } from "vitest";
import { z } from "zod";
import { TaskSpaceId } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.create.id-is-number", async ({ ego, spaces }) => {
  const name = spaces.name();
  const seen = await observeCall(ego, "createTaskSpace", [name]);
  const id = (seen.value as { id?: unknown } | undefined)?.id;
  if (id !== undefined) spaces.track({ id: id as number, name });
  // through the matcher, so the failure records the answer it was on (what a test stopped by the id names)
  expect(seen).toResolveMatching(z.looseObject({ id: TaskSpaceId }));
});
