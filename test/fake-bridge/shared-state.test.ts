/**
 * Two bindings (two script invocations) over one browser: browser-side state is shared, the
 * selection and the callback slots are not.
 */
import { describe, expect, it } from "vitest";
import { browser, entryOf, nextTurn, type Loose } from "./helpers.js";

/** Two invocations over one fake browser, both with the one space "x" selected. */
async function bothOnOneSpace() {
  const { ego: first, newBinding } = browser();
  const ref = (await first.createTaskSpace("x")) as Loose;
  const second = newBinding();
  first.useTaskSpace(ref.id);
  second.useTaskSpace(ref.id);
  return { first, second, ref };
}

describe("two bindings over one fake browser", () => {
  it("a space created in one invocation is listed, claimable and usable in another", async () => {
    const { ego: first, newBinding } = browser();
    const ref = (await first.createTaskSpace("shared")) as Loose;
    const second = newBinding();
    expect(await entryOf(second, ref.id)).toMatchObject({ name: "shared", ownership: "agent" });
    second.useTaskSpace(ref.id);
    await second.createTab("https://second.example/");
    first.useTaskSpace(ref.id);
    expect(((await first.listTabs()) as Loose).tabs).toHaveLength(2);
  });

  it("a selection made in one invocation does not carry into another", async () => {
    const { ego: first, newBinding } = browser();
    const ref = (await first.createTaskSpace("x")) as Loose;
    first.useTaskSpace(ref.id);
    const second = newBinding();
    expect(await second.listTabs()).toEqual({ error: "Task space not selected", error_code: "EGO_TASK_SPACE_NOT_SELECTED" });
    expect(await first.listTabs()).toHaveProperty("tabs");
  });

  it("each invocation keeps its own selection", async () => {
    const { ego: first, newBinding } = browser();
    const a = (await first.createTaskSpace("a")) as Loose;
    const b = (await first.createTaskSpace("b")) as Loose;
    const second = newBinding();
    first.useTaskSpace(a.id);
    second.useTaskSpace(b.id);
    expect(await Promise.all([first.setAgentTaskState("s"), second.setAgentTaskState("s")])).toEqual([`${a.id} state updated.`, `${b.id} state updated.`]);
  });

  it("a hand-off made in one invocation blocks the other's calls on that space", async () => {
    const { first, second, ref } = await bothOnOneSpace();
    await first.handOffTaskSpace();
    expect(await second.listTabs()).toEqual({ error: "manual_takeover", error_code: "EGO_TASK_SPACE_USER_IN_CONTROL" });
    await second.takeOverTaskSpace();
    expect(await first.listTabs()).toHaveProperty("tabs");
  });

  it("a close in one invocation makes the other's selection NOT_FOUND", async () => {
    const { first, second, ref } = await bothOnOneSpace();
    await first.closeTaskSpace();
    expect(await second.listTabs()).toEqual({ error: `Task space not found: ${ref.id}`, error_code: "EGO_TASK_SPACE_NOT_FOUND" });
  });

  it("ids keep counting across invocations", async () => {
    const { ego: first, newBinding } = browser();
    await first.createTaskSpace("a");
    expect(((await newBinding().createTaskSpace("b")) as Loose).id).toBe(2);
  });

  it("CDP answers go to the invocation that sent the message", async () => {
    const { first, second, ref } = await bothOnOneSpace();
    const seen: string[] = [];
    first.onCDPMessage = () => seen.push("first");
    second.onCDPMessage = () => seen.push("second");
    first.sendCDPMessage('{"id":1,"method":"Browser.getVersion"}');
    await nextTurn();
    expect(seen).toEqual(["first"]);
  });

  it("separate fake browsers share nothing", async () => {
    const one = browser();
    const two = browser();
    await one.ego.createTaskSpace("x");
    expect(((await two.ego.listTaskSpaces()) as Loose).taskSpaces).toEqual([]);
  });
});
