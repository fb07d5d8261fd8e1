/**
 * User control: the documented blocked calls are blocked on their own channel with the reason
 * key and no side effect; the unlisted calls are allowed (research Q14).
 */
import { describe, expect, it } from "vitest";
import { BLOCKED_UNDER_USER_CONTROL, METHODS, REASON_KEYS, UNLISTED_UNDER_USER_CONTROL, type MethodName } from "../../src/contract/index.js";
import { browser, entryOf, nextTurn, recordCdp, rejectionOf, selectNewSpace, type Loose } from "./helpers.js";

const ARGS: Partial<Record<MethodName, unknown[]>> = {
  createTab: ["https://example.com/"],
  setAgentTaskState: ["blocked?"],
  animationHighlightMouseToPosition: [5, 6],
  sendCDPMessage: ['{"id":1,"method":"Browser.getVersion"}'],
};

/** How a blocked call reported, normalised to {error, error_code} for comparison. */
async function outcomeOf(ego: Loose, m: MethodName): Promise<{ error: unknown; error_code: unknown }> {
  const args = ARGS[m] ?? [];
  switch (METHODS[m].userControl) {
    case "rejects": {
      const e = await rejectionOf(ego[m](...args));
      expect(e).toBeInstanceOf(Error);
      return { error: e.message, error_code: e.error_code };
    }
    case "callback": {
      const rec = recordCdp(ego);
      expect(ego[m](...args)).toBeUndefined();
      await nextTurn();
      expect(rec.messages).toEqual([]);
      expect(rec.errors).toHaveLength(1);
      return { error: rec.errors[0]![0], error_code: rec.errors[0]![1] };
    }
    default:
      return (await ego[m](...args)) as Loose;
  }
}

describe("after handOffTaskSpace every blocked call reports manual_takeover", () => {
  for (const m of BLOCKED_UNDER_USER_CONTROL) {
    it(`${m} (${METHODS[m].userControl})`, async () => {
      const { ego } = browser();
      await selectNewSpace(ego);
      await ego.handOffTaskSpace();
      const out = await outcomeOf(ego, m);
      // the CDP callback carries the control boundary, not the reason key
      const expectedError = m === "sendCDPMessage" ? "The task is under user control." : "manual_takeover";
      expect(out).toMatchObject({ error: expectedError, error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
    });
  }
});

describe("blocked calls have no side effect", () => {
  it("no tab opened, no state set, no highlight, not closed, not completed", async () => {
    const { ego, app } = browser();
    const id = await selectNewSpace(ego);
    await ego.setAgentTaskState("before");
    const before = app.inspect(id)!;
    await ego.handOffTaskSpace();
    for (const m of BLOCKED_UNDER_USER_CONTROL) await outcomeOf(ego, m);
    const after = app.inspect(id)!;
    expect(after.tabs).toEqual(before.tabs);
    expect(after.agentTaskState).toBe("before");
    expect(after.lastHighlight).toBeNull();
    expect(after.closing).toBe(false);
    expect((await entryOf(ego, id)).ownership).toBe("agentDelegatedToUser");
  });
});

describe("unlisted calls are allowed under user control", () => {
  for (const m of UNLISTED_UNDER_USER_CONTROL) {
    it(m, async () => {
      const { ego } = browser();
      const id = await selectNewSpace(ego);
      await ego.handOffTaskSpace();
      const args: Record<string, unknown[]> = { useTaskSpace: [id], createTaskSpace: ["another"], claimTaskSpace: [id] };
      const result = (ego as Loose)[m](...(args[m] ?? []));
      const value = m === "useTaskSpace" ? result : await result;
      expect(value).not.toHaveProperty("error_code");
    });
  }

  it("takeOverTaskSpace unblocks the blocked calls", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    await ego.handOffTaskSpace();
    await ego.takeOverTaskSpace();
    expect(await ego.listTabs()).toHaveProperty("tabs");
    expect(await ego.setAgentTaskState("back")).toMatch(/state updated\.$/);
  });
});

describe("reason keys from the operator", () => {
  for (const reason of [...REASON_KEYS, "some_future_reason"]) {
    it(`'${reason}' passes through verbatim on the resolved and rejected channels`, async () => {
      const { ego, operator } = browser();
      const id = await selectNewSpace(ego);
      await operator.takeControl(id, reason);
      expect(await ego.listTabs()).toEqual({ error: reason, error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
      expect(await ego.setAgentTaskState("x")).toEqual({ error: reason, error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
      await expect(ego.snapshot()).rejects.toMatchObject({ message: reason, error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
    });
  }

  it("a user-owned Space the user is acting in reports the reason, not INACTIVE, for blocked calls", async () => {
    const { ego, operator } = browser();
    const { id } = await operator.createUserSpace("mine");
    ego.useTaskSpace(id);
    await operator.takeControl(id, "camera");
    expect(await ego.listTabs()).toEqual({ error: "camera", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
    // unlisted task calls fall through to the ownership check
    expect(await ego.takeOverTaskSpace()).toEqual({ error: `Task space ${id} is not assigned to an agent.`, error_code: "EGO_TASK_SPACE_INACTIVE" });
  });

  it("returnControl unblocks", async () => {
    const { ego, operator } = browser();
    const id = await selectNewSpace(ego);
    await operator.takeControl(id, "location");
    await operator.returnControl(id);
    expect(await ego.listTabs()).toHaveProperty("tabs");
    expect((await entryOf(ego, id)).ownership).toBe("agent");
  });
});
