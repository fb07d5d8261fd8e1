// Every error_code the bridge produces for the usual failures is one of the 16 documented codes.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { stoppedBy } from "../../src/harness/precondition.js";
import { observeCall, unusedId } from "../../src/harness/probes.js";
import type { Observation } from "../../src/probe/index.js";

const codeOf = (o: Observation) => o.error?.error_code ?? (o.value as { error_code?: unknown } | null | undefined)?.error_code;

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
  // a failure without a code has none to judge: that it carries one is its own clause's rule
  const coded = observations.filter((o) => codeOf(o) !== undefined);
  if (coded.length === 0) throw stoppedBy(observations[0]!, "error-codes.not-selected.listTabs", "none of the usual failures carried an error_code, starting with listTabs with nothing selected");
  for (const seen of coded) expect(seen).toCarryDocumentedErrorCode();
});
