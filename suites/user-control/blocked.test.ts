// Under user control the documented calls are blocked, each on its own channel, with the
// reason key (here: an agent hand-off, so no operator is needed).
import { expect } from "vitest";
import { BLOCKED_UNDER_USER_CONTROL, METHODS, type Json } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

for (const method of BLOCKED_UNDER_USER_CONTROL) {
  clause(`user-control.blocked.${method}`, async ({ ego, spaces }) => {
    const own = await spaces.delegated();
    const args = METHODS[method].params.filter((p) => !p.optional).map((p) => p.example as Json);
    switch (METHODS[method].userControl) {
      case "callback": {
        const seen = await ego.evaluate(async (p, id, message) => {
          await p.use(id);
          return p.cdp(message);
        }, own.id, args[0] as string);
        expect(seen).toReportCdpError("EGO_TASK_SPACE_USER_IN_CONTROL");
        break;
      }
      case "rejects":
        expect(await observeCall(ego, method, args, own.id)).toRejectWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
        break;
      default:
        expect(await observeCall(ego, method, args, own.id)).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
    }
  });
}
