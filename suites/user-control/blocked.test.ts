// Under user control the documented calls are blocked, each on its own channel, with the
// reason key (here: an agent hand-off, so no operator is needed). One clause per blocked method
// (BLOCKED_UNDER_USER_CONTROL), each named by its literal id; the method is the clause's one method.
import { expect } from "vitest";
import { METHODS, type Json } from "../../src/contract/index.js";
import { clause, soleMethod, type ClauseContext } from "../../src/harness/clause.js";
import { observeOnDocumentedChannel } from "../../src/harness/probes.js";

async function blocked({ ego, spaces, clause }: ClauseContext): Promise<void> {
  const method = soleMethod(clause);
  const own = await spaces.delegated();
  const args = METHODS[method].params.filter((p) => !p.optional).map((p) => p.example as Json);
  expect(await observeOnDocumentedChannel(ego, method, args, own.id)).toFailOnDocumentedChannel(method, "EGO_TASK_SPACE_USER_IN_CONTROL");
}

clause("user-control.blocked.createTab", blocked);
clause("user-control.blocked.listTabs", blocked);
clause("user-control.blocked.snapshot", blocked);
clause("user-control.blocked.closeTaskSpace", blocked);
clause("user-control.blocked.completeTaskSpace", blocked);
clause("user-control.blocked.setAgentTaskState", blocked);
clause("user-control.blocked.animationHighlightMouseToPosition", blocked);
clause("user-control.blocked.sendCDPMessage", blocked);
