/** The fake operator: what a person does in the Ego Lite UI. */
import { describe, expect, it } from "vitest";
import { browser, entryOf, listed, selectNewSpace, type Loose } from "./helpers.js";

describe("createUserSpace", () => {
  it("creates a regular Space: createdBy user, ownership user, default profile, one blank tab", async () => {
    const { ego, operator } = browser();
    const { id } = await operator.createUserSpace("research");
    expect(await entryOf(ego, id)).toEqual({
      taskId: "research",
      id,
      name: "research",
      createdBy: "user",
      ownership: "user",
      profileId: "Default",
      profileName: "Personal",
      recentTabTitles: ["New Tab"],
    });
  });

  it("takes a profile and tabs (titles as given, last one active)", async () => {
    const { ego, operator } = browser();
    const tabs = [
      { url: "https://notes.example/", title: "Project notes" },
      { url: "https://ref.example/", title: "Reference" },
    ];
    const { id } = await operator.createUserSpace("research", { profileId: "Profile 2", tabs });
    expect(await entryOf(ego, id)).toMatchObject({ profileId: "Profile 2", profileName: "Work", recentTabTitles: ["Reference", "Project notes"] });
    await ego.claimTaskSpace(id);
    ego.useTaskSpace(id);
    expect(((await ego.listTabs()) as Loose).tabs).toEqual([
      expect.objectContaining({ index: 0, url: "https://notes.example/", title: "Project notes", active: false }),
      expect.objectContaining({ index: 1, url: "https://ref.example/", title: "Reference", active: true }),
    ]);
  });

  it("rejects an unknown profile and creates nothing", async () => {
    const { ego, operator } = browser();
    await expect(operator.createUserSpace("x", { profileId: "nope" })).rejects.toThrow(/Profile not found/);
    expect(await listed(ego)).toEqual([]);
  });

  it("an unclaimed user Space that the agent selects is INACTIVE; selecting does not claim it", async () => {
    const { ego, operator } = browser();
    const { id } = await operator.createUserSpace("mine");
    expect(ego.useTaskSpace(id)).toBe(id);
    expect(await ego.listTabs()).toEqual({ error: `Task space ${id} is not assigned to an agent.`, error_code: "EGO_TASK_SPACE_INACTIVE" });
    expect((await entryOf(ego, id)).ownership).toBe("user");
  });
});

describe("takeControl / returnControl", () => {
  it("an agent-owned space becomes agentDelegatedToUser and is blocked with the reason", async () => {
    const { ego, operator } = browser();
    const id = await selectNewSpace(ego);
    await operator.takeControl(id, "microphone");
    expect((await entryOf(ego, id)).ownership).toBe("agentDelegatedToUser");
    expect(await ego.createTab("https://x.example/")).toEqual({ error: "microphone", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
    await operator.returnControl(id);
    expect((await entryOf(ego, id)).ownership).toBe("agent");
    expect(await ego.createTab("https://x.example/")).toHaveProperty("targetId");
  });

  it("a user-owned space stays user-owned", async () => {
    const { ego, operator } = browser();
    const { id } = await operator.createUserSpace("mine");
    await operator.takeControl(id, "usb");
    expect((await entryOf(ego, id)).ownership).toBe("user");
    await operator.returnControl(id);
    expect((await entryOf(ego, id)).ownership).toBe("user");
  });

  it("a later reason replaces an earlier one", async () => {
    const { ego, operator } = browser();
    const id = await selectNewSpace(ego);
    await operator.takeControl(id, "camera");
    await operator.takeControl(id, "location");
    expect(await ego.listTabs()).toEqual({ error: "location", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
  });

  it("an unknown space rejects", async () => {
    const { operator } = browser();
    await expect(operator.takeControl(99, "camera")).rejects.toThrow(/99/);
    await expect(operator.returnControl(99)).rejects.toThrow(/99/);
    await expect(operator.closeUserSpace(99)).rejects.toThrow(/99/);
  });
});

describe("closeUserSpace", () => {
  it("removes the Space; a binding that selected it gets NOT_FOUND", async () => {
    const { ego, operator } = browser();
    const { id } = await operator.createUserSpace("temp");
    ego.useTaskSpace(id);
    await operator.closeUserSpace(id);
    expect(await listed(ego)).toEqual([]);
    expect(await ego.listTabs()).toEqual({ error: `Task space not found: ${id}`, error_code: "EGO_TASK_SPACE_NOT_FOUND" });
  });
});
