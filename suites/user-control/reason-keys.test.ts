// The error of EGO_TASK_SPACE_USER_IN_CONTROL is a stable reason key on every channel.
import { expect } from "vitest";
import { REASON_KEYS, REASON_KEY_SHAPE } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";

clause("user-control.reason-key.is-key", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  const seen = await observeCall(ego, "listTabs", [], own.id);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", REASON_KEY_SHAPE);
});

clause("user-control.reason-key.hand-off", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.delegated();
  const seen = await observeCall(ego, "listTabs", [], own.id);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  await openDetail(() => {
    expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", "manual_takeover");
  });
});

for (const key of REASON_KEYS) {
  clause(
    "user-control.reason-key.passes-through",
    async ({ ego, spaces, operator }) => {
      const own = await spaces.create();
      await operator.takeControl(own.id, key);
      const seen = await ego.evaluate(async (p, id) => {
        if (!(await p.use(id)) && typeof id !== "number") return null;
        return [await p.call("listTabs", []), await p.call("setAgentTaskState", ["probe"]), await p.call("snapshot", [])];
      }, own.id);
      // a string id the build handed out and its own useTaskSpace refused
      if (seen === null) throw selectionRefused(own.id);
      expect(seen[0]).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", key);
      expect(seen[1]).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", key);
      expect(seen[2]).toRejectWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", key);
    },
    { variant: key },
  );
}

clause("user-control.reason-key.unknown", async ({ ego, spaces, operator, openDetail }) => {
  const own = await spaces.create();
  await operator.takeControl(own.id, "future_permission_prompt");
  const seen = await observeCall(ego, "listTabs", [], own.id);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  await openDetail(() => {
    expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL", "future_permission_prompt");
  });
});

clause("user-control.cdp.no-reason-key", async ({ ego, spaces }) => {
  const own = await spaces.delegated();
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    return p.cdp(JSON.stringify({ id: 1, method: "Browser.getVersion" }));
  }, own.id);
  expect(seen).toReportCdpError("EGO_TASK_SPACE_USER_IN_CONTROL");
  const [callback] = seen.callbacks ?? [];
  expect(callback?.args, "the callback has exactly (message, error_code)").toHaveLength(2);
});
