// The recording at its source: a recorded session keeps every native call a probe makes, with
// its channel, shape and documented fields, and the probe sees what it would have seen unrecorded.
import { afterAll, describe, expect, it } from "vitest";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { recordingSession, type NativeCalls, type ProbeLog } from "../../src/harness/recording-session.js";
import { createFakeTarget } from "../../src/targets/fake/fake-target.js";

const target = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, pages: "model" });
afterAll(() => target.close());

async function recorded() {
  const native: NativeCalls = { probes: 0, calls: [] };
  const log: ProbeLog = [];
  return { native, session: recordingSession(await target.openSession(), log, native) };
}

describe("a recorded session", () => {
  it("notes calls made through call(), step() and ego itself, with channel and documented fields", async () => {
    const { native, session } = await recorded();
    const value = await session.evaluate(async (p) => {
      const created = await p.call("createTaskSpace", ["ego-conformance recorder test"]);
      const id = (created.value as { id: number }).id;
      p.ego.useTaskSpace(id);
      const tabs = await p.ego.listTabs();
      const bad = await p.call("useTaskSpace", ["not a number"]);
      await p.step("closeTaskSpace", []);
      return { id, tabs: tabs !== undefined, bad: bad.channel };
    });
    expect(value).toMatchObject({ tabs: true, bad: "threw" });
    expect(native.probes).toBe(1);
    expect(native.calls.map((c) => `${c.method}:${c.channel}`)).toEqual(["createTaskSpace:resolved", "useTaskSpace:returned", "listTabs:resolved", "useTaskSpace:threw", "closeTaskSpace:resolved"]);
    const [create, use, , bad, close] = native.calls;
    expect(create!.fields).toMatchObject({ id: value.id });
    expect(create!.text).toMatchObject({ name: "ego-conformance recorder test", taskId: "ego-conformance recorder test" });
    expect(create!.shape).toEqual({ id: "number", name: "string", taskId: "string" });
    expect(use!.fields).toEqual({ value: value.id });
    expect(bad!).toMatchObject({ failed: true, fields: { isTypeError: true, errorCodeIsOwn: true } });
    expect(close!.fields.value).toBe(`${value.id} task space closed.`);
  });

  it("notes a CDP send's answer, and a probe that throws still throws", async () => {
    const { native, session } = await recorded();
    await session.evaluate(async (p) => p.cdp('{"id":1,"method":"Browser.getVersion"}'));
    await expect(session.evaluate(async () => {
      throw new RangeError("inside");
    })).rejects.toThrow("inside");
    expect(native.probes).toBe(2);
    expect(native.calls).toHaveLength(1);
    expect(native.calls[0]).toMatchObject({ method: "sendCDPMessage", probe: 1 });
    expect(["cdp-answer", "error-callback"]).toContain(native.calls[0]!.channel);
  });

  it("leaves an unrecorded session as it was: the raw ego, no notes", async () => {
    const log: ProbeLog = [];
    const session = recordingSession(await target.openSession(), log);
    expect(await session.evaluate(async (p) => p.recorded().length)).toBe(0);
  });
});
