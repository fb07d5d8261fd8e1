// snapshot() failures reject with a real Error carrying an OWN error_code property.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("error-codes.snapshot.rejects-error", async ({ ego }) => {
  const seen = await observeCall(ego, "snapshot", []);
  expect(seen).toRejectWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
  expect(seen.error?.name, "the rejection is an Error with a name").toBeTypeOf("string");
  expect(seen.error?.message, "the rejection carries a human-readable message").toMatch(/\S/);
});
