// Every task-scoped call on a fresh invocation (nothing selected) reports
// EGO_TASK_SPACE_NOT_SELECTED on the method's own channel.
import { expect } from "vitest";
import { METHODS, TASK_SCOPED_METHODS, type Json } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

for (const method of TASK_SCOPED_METHODS) {
  clause(`error-codes.not-selected.${method}`, async ({ ego }) => {
    const args = METHODS[method].params.filter((p) => !p.optional).map((p) => p.example as Json);
    if (METHODS[method].userControl === "callback") {
      const seen = await ego.evaluate((p, message) => p.cdp(message), args[0] as string);
      expect(seen).toReportCdpError("EGO_TASK_SPACE_NOT_SELECTED");
    } else if (METHODS[method].userControl === "rejects") {
      expect(await observeCall(ego, method, args)).toRejectWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
    } else {
      expect(await observeCall(ego, method, args)).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_SELECTED");
    }
  });
}
