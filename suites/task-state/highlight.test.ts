// animationHighlightMouseToPosition resolves '<id> mouse highlight shown.'
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("task-state.highlight.status", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "animationHighlightMouseToPosition", [120, 240], own.id)).toResolveStatus("animationHighlightMouseToPosition", own.id);
});
