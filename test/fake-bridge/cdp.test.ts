/** Raw CDP: pre-send failures through onSendCDPMessageError, answers through onCDPMessage. */
import { describe, expect, it } from "vitest";
import { thrownBy } from "../support/thrown.js";
import { browser, nextTurn, recordCdp, selectNewSpace, type Loose } from "./helpers.js";

async function send(ego: Loose, message: string) {
  const rec = recordCdp(ego);
  expect(ego.sendCDPMessage(message)).toBeUndefined();
  await nextTurn();
  return rec;
}

describe("answers (no Chromium behind the fake)", () => {
  it("Browser.getVersion", async () => {
    const { ego } = browser({ version: "0.5.0.19" });
    await selectNewSpace(ego);
    const rec = await send(ego, JSON.stringify({ id: 2, method: "Browser.getVersion" }));
    expect(rec.errors).toEqual([]);
    expect(rec.messages).toEqual([{ id: 2, result: expect.objectContaining({ protocolVersion: "1.3", product: "Ego Lite/0.5.0.19" }) }]);
  });

  it("Target.getTargets lists the selected space's tabs only", async () => {
    const { ego } = browser();
    await selectNewSpace(ego, "other");
    await ego.createTab("https://other.example/");
    await selectNewSpace(ego, "mine");
    const tab = (await ego.createTab("https://mine.example/")) as Loose;
    const rec = await send(ego, JSON.stringify({ id: 5, method: "Target.getTargets" }));
    const infos = rec.messages[0].result.targetInfos;
    expect(infos.map((t: Loose) => t.url)).toEqual(["about:blank", "https://mine.example/"]);
    expect(infos[1]).toMatchObject({ targetId: tab.targetId, type: "page", title: "mine.example" });
  });

  it("an unknown method is a CDP error -32601", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    const rec = await send(ego, JSON.stringify({ id: 9, method: "Runtime.enable" }));
    expect(rec.messages).toEqual([{ id: 9, error: { code: -32601, message: "'Runtime.enable' wasn't found" } }]);
  });

  it("malformed messages get Chromium-style protocol errors", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    expect((await send(ego, "{not json")).messages).toEqual([{ error: { code: -32700, message: "Message must be a valid JSON" } }]);
    expect((await send(ego, '{"method":"Browser.getVersion"}')).messages[0].error.code).toBe(-32600);
    expect((await send(ego, '{"id":1}')).messages[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    expect((await send(ego, '{"id":1,"method":"Page.enable","sessionId":"S"}')).messages[0]).toMatchObject({ id: 1, error: { code: -32001 } });
  });
});

describe("pre-send failures", () => {
  it("nothing selected", async () => {
    const { ego } = browser();
    expect((await send(ego, '{"id":1,"method":"Browser.getVersion"}')).errors).toEqual([["Task space not selected", "EGO_TASK_SPACE_NOT_SELECTED"]]);
  });

  it("the selected space no longer exists", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    await ego.closeTaskSpace();
    expect((await send(ego, '{"id":1,"method":"Browser.getVersion"}')).errors).toEqual([[`Task space not found: ${id}`, "EGO_TASK_SPACE_NOT_FOUND"]]);
  });

  it("under user control: the boundary, not the reason key", async () => {
    const { ego, operator } = browser();
    const id = await selectNewSpace(ego);
    await operator.takeControl(id, "location");
    expect((await send(ego, '{"id":1,"method":"Browser.getVersion"}')).errors).toEqual([["The task is under user control.", "EGO_TASK_SPACE_USER_IN_CONTROL"]]);
  });

  it("a user-owned space the agent has not claimed", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    await ego.completeTaskSpace();
    expect((await send(ego, '{"id":1,"method":"Browser.getVersion"}')).errors).toEqual([
      ["Task space is not assigned to an agent. Claim this task space before sending CDP messages.", "EGO_TASK_SPACE_INACTIVE"],
    ]);
  });

  it("a pre-send failure is reported even for malformed JSON (the message is not looked at)", async () => {
    const { ego } = browser();
    const rec = await send(ego, "garbage");
    expect(rec.messages).toEqual([]);
    expect(rec.errors[0]![1]).toBe("EGO_TASK_SPACE_NOT_SELECTED");
  });
});

describe("callback slots", () => {
  it("assigning a non-function clears a slot; a slot cleared before delivery receives nothing", async () => {
    const { ego } = browser();
    const seen: unknown[] = [];
    ego.onSendCDPMessageError = (...args: unknown[]) => seen.push(args);
    expect(typeof ego.onSendCDPMessageError).toBe("function");
    ego.sendCDPMessage("{}");
    ego.onSendCDPMessageError = 42;
    expect(ego.onSendCDPMessageError).toBeUndefined();
    await nextTurn();
    expect(seen).toEqual([]);
  });

  it("a callback installed after the send but before delivery receives it", async () => {
    const { ego } = browser();
    const seen: unknown[] = [];
    ego.sendCDPMessage("{}");
    ego.onSendCDPMessageError = (...args: unknown[]) => seen.push(args);
    await nextTurn();
    expect(seen).toHaveLength(1);
  });

  it("slots are per binding", async () => {
    const { ego, newBinding } = browser();
    const other = newBinding();
    const seen: unknown[] = [];
    other.onSendCDPMessageError = () => seen.push("other");
    ego.sendCDPMessage("{}");
    await nextTurn();
    expect(seen).toEqual([]);
    expect(ego.onSendCDPMessageError).toBeUndefined();
  });
});

describe("a missing CDP channel", () => {
  it("throws a TypeError with EGO_CDP_CHANNEL_UNAVAILABLE; argument errors still come first", () => {
    const { newBinding } = browser();
    const ego = newBinding({ cdpChannel: false });
    const error = thrownBy(() => ego.sendCDPMessage("{}"));
    expect(error).toBeInstanceOf(TypeError);
    expect(Object.hasOwn(error, "error_code") && error.error_code).toBe("EGO_CDP_CHANNEL_UNAVAILABLE");
    expect(thrownBy(() => ego.sendCDPMessage(1 as Loose)).error_code).toBe("EGO_INVALID_ARGUMENT");
  });
});
