// useTaskSpace returns the numeric id it selected.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("numeric-ids.use.returns-id", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await observeCall(ego, "useTaskSpace", [own.id]);
  expect(seen.value).toBe(own.id);
  expect(seen.valueType).toBe("number");
});
