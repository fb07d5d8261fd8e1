// Every task-scoped call on a fresh invocation (nothing selected) reports
// EGO_TASK_SPACE_NOT_SELECTED on the method's own channel. One clause per task-scoped method
// (TASK_SCOPED_METHODS), each named by its literal id; the method is the clause's one method.
import { expect } from "vitest";
import { METHODS, type Json } from "../../src/contract/index.js";
import { clause, soleMethod, type ClauseContext } from "../../src/harness/clause.js";
import { observeOnDocumentedChannel } from "../../src/harness/probes.js";

async function failsNotSelected({ ego, clause }: ClauseContext): Promise<void> {
  const method = soleMethod(clause);
  const args = METHODS[method].params.filter((p) => !p.optional).map((p) => p.example as Json);
  expect(await observeOnDocumentedChannel(ego, method, args)).toFailOnDocumentedChannel(method, "EGO_TASK_SPACE_NOT_SELECTED");
}

clause("error-codes.not-selected.createTab", failsNotSelected);
clause("error-codes.not-selected.listTabs", failsNotSelected);
clause("error-codes.not-selected.snapshot", failsNotSelected);
clause("error-codes.not-selected.closeTaskSpace", failsNotSelected);
clause("error-codes.not-selected.completeTaskSpace", failsNotSelected);
clause("error-codes.not-selected.handOffTaskSpace", failsNotSelected);
clause("error-codes.not-selected.takeOverTaskSpace", failsNotSelected);
clause("error-codes.not-selected.setAgentTaskState", failsNotSelected);
clause("error-codes.not-selected.animationHighlightMouseToPosition", failsNotSelected);
clause("error-codes.not-selected.sendCDPMessage", failsNotSelected);
