/** Task-space lifecycle and ownership transitions, with the documented status strings. */
import { describe, expect, it } from "vitest";
import { statusFor, TaskSpaceEntry, TaskSpaceRef } from "../../src/contract/index.js";
import { browser, entryOf, listed, selectNewSpace, type Loose } from "./helpers.js";
import { resolveBehaviour } from "../../fake-bridge/index.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";

describe("createTaskSpace", () => {
  it("resolves {taskId, id, name}; ids come from a counter starting at 1", async () => {
    const { ego } = browser();
    const a = (await ego.createTaskSpace("checkout-flow")) as Loose;
    const b = (await ego.createTaskSpace("research")) as Loose;
    expect(TaskSpaceRef.parse(a)).toEqual({ taskId: "checkout-flow", id: 1, name: "checkout-flow" });
    expect(b.id).toBe(2);
  });

  it("lists the space as createdBy agent, ownership agent, with one default tab", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego, "x");
    expect(TaskSpaceEntry.parse(await entryOf(ego, id))).toMatchObject({ createdBy: "agent", ownership: "agent", recentTabTitles: ["New Tab"] });
    expect(await ego.listTabs()).toEqual({ tabs: [expect.objectContaining({ index: 0, url: "about:blank", title: "New Tab", active: true })] });
  });

  it("does not select the new space", async () => {
    const { ego } = browser();
    await ego.createTaskSpace("x");
    expect(await ego.listTabs()).toMatchObject({ error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
  });

  it("accepts a duplicate name with a new id", async () => {
    const { ego } = browser();
    const a = (await ego.createTaskSpace("same")) as Loose;
    const b = (await ego.createTaskSpace("same")) as Loose;
    expect(b.id).not.toBe(a.id);
    expect((await listed(ego)).map((s: Loose) => s.name)).toEqual(["same", "same"]);
  });

  it("never reuses an id, not even after a close", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego, "first");
    await ego.closeTaskSpace();
    const next = (await ego.createTaskSpace("second")) as Loose;
    expect(next.id).toBe(id + 1);
  });
});

describe("hand-off and takeover", () => {
  it("handOffTaskSpace: status string, ownership agentDelegatedToUser, reason manual_takeover", async () => {
    const { ego, app } = browser();
    const id = await selectNewSpace(ego);
    expect(await ego.handOffTaskSpace()).toBe(statusFor("handOffTaskSpace", id));
    expect((await entryOf(ego, id)).ownership).toBe("agentDelegatedToUser");
    expect(app.inspect(id)?.control).toEqual({ reason: "manual_takeover" });
  });

  it("a second hand-off succeeds and keeps the space delegated", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    await ego.handOffTaskSpace();
    expect(await ego.handOffTaskSpace()).toBe(`${id} has been handed off to the user.`);
    expect((await entryOf(ego, id)).ownership).toBe("agentDelegatedToUser");
  });

  it("takeOverTaskSpace: status string, back to agent, control cleared", async () => {
    const { ego, app } = browser();
    const id = await selectNewSpace(ego);
    await ego.handOffTaskSpace();
    expect(await ego.takeOverTaskSpace()).toBe(`${id} has been taken over by the agent.`);
    expect((await entryOf(ego, id)).ownership).toBe("agent");
    expect(app.inspect(id)?.control).toBeNull();
  });

  it("takeover is idempotent on an agent-owned space", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    expect(await ego.takeOverTaskSpace()).toBe(`${id} has been taken over by the agent.`);
    expect((await entryOf(ego, id)).ownership).toBe("agent");
  });
});

describe("completeTaskSpace", () => {
  it("keeps the space listed under the same id, user-owned, createdBy unchanged, task state removed", async () => {
    const { ego, app } = browser();
    const id = await selectNewSpace(ego, "done");
    await ego.setAgentTaskState("almost there");
    expect(await ego.completeTaskSpace()).toBe(`${id} task space completed.`);
    expect(await entryOf(ego, id)).toMatchObject({ id, name: "done", createdBy: "agent", ownership: "user" });
    expect(app.inspect(id)?.agentTaskState).toBeNull();
  });

  it("task calls on the completed, still selected space resolve EGO_TASK_SPACE_INACTIVE", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    await ego.completeTaskSpace();
    const inactive = { error: `Task space ${id} is not assigned to an agent.`, error_code: "EGO_TASK_SPACE_INACTIVE" };
    expect(await ego.listTabs()).toEqual(inactive);
    expect(await ego.completeTaskSpace()).toEqual(inactive);
    expect(await ego.takeOverTaskSpace()).toEqual(inactive);
    await expect(ego.snapshot()).rejects.toMatchObject({ message: inactive.error, error_code: "EGO_TASK_SPACE_INACTIVE" });
  });
});

describe("claimTaskSpace", () => {
  it("turns a completed space back into an agent-owned one, same id, renamed, not selected", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego, "old");
    await ego.createTab("https://example.com/cart");
    await ego.completeTaskSpace();
    expect(await ego.claimTaskSpace(id, "renamed")).toEqual({ taskId: "renamed", id, name: "renamed" });
    expect(await entryOf(ego, id)).toMatchObject({ id, name: "renamed", taskId: "renamed", ownership: "agent", createdBy: "agent" });
    // the selection is unchanged (still this id from before): the space works again after the claim
    expect(((await ego.listTabs()) as Loose).tabs.map((t: Loose) => t.url)).toEqual(["about:blank", "https://example.com/cart"]);
  });

  it("does not select the claimed space", async () => {
    const { ego, newBinding } = browser();
    const id = await selectNewSpace(ego);
    await ego.completeTaskSpace();
    const fresh = newBinding();
    await fresh.claimTaskSpace(id);
    expect(await fresh.listTabs()).toMatchObject({ error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
  });

  it("without a name keeps the name", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("keep")) as Loose;
    expect(await ego.claimTaskSpace(ref.id)).toEqual({ taskId: "keep", id: ref.id, name: "keep" });
  });

  it("keeps profile, tabs and the active tab", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("p", "Profile 2")) as Loose;
    ego.useTaskSpace(ref.id);
    await ego.createTab("https://a.example/");
    const tabsBefore = await ego.listTabs();
    await ego.completeTaskSpace();
    await ego.claimTaskSpace(ref.id, "p2");
    expect(await ego.listTabs()).toEqual(tabsBefore);
    expect(await entryOf(ego, ref.id)).toMatchObject({ profileId: "Profile 2", profileName: "Work" });
  });

  it("claims an agent-owned space (stays agent) and a delegated one (back to agent, unblocked)", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    expect(await ego.claimTaskSpace(id)).toMatchObject({ id });
    await ego.handOffTaskSpace();
    await ego.claimTaskSpace(id);
    expect((await entryOf(ego, id)).ownership).toBe("agent");
    expect(await ego.listTabs()).toHaveProperty("tabs");
  });

  it("an unknown id resolves NOT_FOUND naming the id", async () => {
    const { ego } = browser();
    expect(await ego.claimTaskSpace(7)).toEqual({ error: "Task space not found: 7", error_code: "EGO_TASK_SPACE_NOT_FOUND" });
  });

  it("a renamed space is found by its id, not its old name", async () => {
    const { ego } = browser();
    const ref = (await ego.createTaskSpace("before")) as Loose;
    await ego.claimTaskSpace(ref.id, "after");
    expect((await listed(ego)).filter((s: Loose) => s.name === "before")).toEqual([]);
    expect(await ego.claimTaskSpace(ref.id)).toMatchObject({ name: "after" });
  });
});

describe("closeTaskSpace", () => {
  it("resolves the status string and removes the space", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    expect(await ego.closeTaskSpace()).toBe(`${id} task space closed.`);
    expect(await listed(ego)).toEqual([]);
  });

  it("a second close or complete on the removed id resolves NOT_FOUND", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    await ego.closeTaskSpace();
    const notFound = { error: `Task space not found: ${id}`, error_code: "EGO_TASK_SPACE_NOT_FOUND" };
    expect(await ego.closeTaskSpace()).toEqual(notFound);
    expect(await ego.completeTaskSpace()).toEqual(notFound);
    expect(await ego.claimTaskSpace(id)).toEqual(notFound);
  });

  it("with closeDelayMs the space stays listed for a while, unusable, then disappears", async () => {
    const { ego } = browser({ closeDelayMs: 30 });
    const id = await selectNewSpace(ego);
    await ego.closeTaskSpace();
    expect((await listed(ego)).map((s: Loose) => s.id)).toEqual([id]);
    expect(await ego.listTabs()).toMatchObject({ error_code: "EGO_TASK_SPACE_NOT_FOUND" });
    const started = Date.now();
    while ((await listed(ego)).length > 0) {
      if (Date.now() - started > 2000) throw new Error("the closed space never disappeared");
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
  });

  it("the delay is a behaviour switch beside the others (0 by default), and never negative", () => {
    expect(browser({ closeDelayMs: 30 }).app.behaviour.closeDelayMs).toBe(30);
    expect(resolveBehaviour({ features: NEWEST_BUILD.features }).closeDelayMs).toBe(0);
    expect(() => resolveBehaviour({ features: NEWEST_BUILD.features, closeDelayMs: -1 })).toThrow(/non-negative/);
  });
});
