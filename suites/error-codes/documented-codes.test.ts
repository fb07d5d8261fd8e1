// Every error_code the bridge produces for the usual failures is one of the 16 documented codes.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { observeCall, unusedId } from "../../src/harness/probes.js";

clause("error-codes.codes-are-documented", async ({ ego, spaces }) => {
  const missing = await unusedId(ego);
  const observations = [
    await observeCall(ego, "listTabs"),
    await observeCall(ego, "snapshot"),
    await observeCall(ego, "claimTaskSpace", [missing]),
    await observeCall(ego, "createTaskSpace", [spaces.name(), "no such profile"]),
    await observeCall(ego, "useTaskSpace", []),
    await observeCall(ego, "setAgentTaskState", ["state"], missing),
  ];
  for (const seen of observations) expect(seen).toCarryDocumentedErrorCode();
});
