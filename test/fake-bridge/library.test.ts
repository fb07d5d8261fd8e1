// The fake as a library for unit tests (fake-bridge/library): the call log, seeding, the selection
// view, hooks, personas and one-shot failures, each against the fake's own contract behaviour.
import { describe, expect, it } from "vitest";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { createFakeEgo, SeedError } from "../../fake-bridge/library/index.js";

type Ego = Record<string, (...args: unknown[]) => unknown> & { onCDPMessage: unknown; onSendCDPMessageError: unknown };
const egoOf = (fake: { ego: unknown }) => fake.ego as unknown as Ego;

/** The next sendCDPMessage answer or error, whichever comes. */
function nextCdp(ego: Ego): Promise<{ answer?: string; error?: unknown[] }> {
  return new Promise((resolve) => {
    ego.onCDPMessage = (answer: string) => resolve({ answer });
    ego.onSendCDPMessageError = (...error: unknown[]) => resolve({ error });
  });
}

describe("createFakeEgo: the surface", () => {
  it("has exactly the surface of the fake's own binding, for the current build and for a persona", () => {
    for (const persona of [undefined, "pre-error-codes"]) {
      const plain = createFakeBrowser(persona ? { features: createFakeEgo({ persona }).browser.app.behaviour.features } : {}).newBinding();
      const fake = createFakeEgo(persona ? { persona } : {});
      expect(Object.keys(fake.ego).sort()).toEqual(Object.keys(plain).sort());
      expect(egoOf(fake).createTab!.name).toBe("createTab");
    }
  });
});

describe("createFakeEgo: the call log", () => {
  it("records method, arguments and channel of each call: thrown, resolved, a resolved failure with its code, rejected", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    expect(() => ego.createTaskSpace!(42)).toThrow(TypeError);
    const created = (await ego.createTaskSpace!("task a")) as { id: number };
    await ego.closeTaskSpace!(); // nothing selected
    await expect(ego.snapshot!()).rejects.toThrow();
    const log = fake.calls.list();
    expect(log.map((e) => [e.method, e.channel, e.failed, e.errorCode])).toEqual([
      ["createTaskSpace", "threw", true, "EGO_INVALID_ARGUMENT"],
      ["createTaskSpace", "resolved", false, undefined],
      ["closeTaskSpace", "resolved", true, "EGO_TASK_SPACE_NOT_SELECTED"],
      ["snapshot", "rejected", true, "EGO_TASK_SPACE_NOT_SELECTED"],
    ]);
    expect(log[0]!.args).toEqual([42]);
    expect(log[1]!.value).toEqual(created);
    expect(fake.calls.methods({ failed: true })).toEqual(["createTaskSpace", "closeTaskSpace", "snapshot"]);
    expect(fake.calls.list({ method: "createTaskSpace", channel: "resolved" })).toHaveLength(1);
  });

  it("records start and settle order of overlapping calls", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    const a = ego.listTaskSpaces!() as Promise<unknown>;
    const b = ego.listProfiles!() as Promise<unknown>;
    expect(fake.calls.list().map((e) => e.channel)).toEqual(["pending", "pending"]);
    await Promise.all([a, b]);
    expect(fake.calls.list().map((e) => [e.started, e.settled])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(fake.calls.inSettleOrder().map((e) => e.method)).toEqual(["listTaskSpaces", "listProfiles"]);
  });

  it("settles a sendCDPMessage with its own answer, or with its error callback", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 3, name: "task" }] });
    const ego = egoOf(fake);
    let got = nextCdp(ego);
    expect(ego.sendCDPMessage!(JSON.stringify({ id: 1, method: "Browser.getVersion" }))).toBeUndefined();
    await expect(got).resolves.toEqual({ error: ["Task space not selected", "EGO_TASK_SPACE_NOT_SELECTED"] });
    ego.useTaskSpace!(3);
    got = nextCdp(ego);
    ego.sendCDPMessage!(JSON.stringify({ id: 2, method: "Browser.getVersion" }));
    const { answer } = await got;
    expect(JSON.parse(answer!)).toMatchObject({ id: 2, result: { protocolVersion: "1.3" } });
    const sends = fake.calls.list({ method: "sendCDPMessage" });
    expect(sends.map((e) => [e.channel, e.errorCode])).toEqual([
      ["error-callback", "EGO_TASK_SPACE_NOT_SELECTED"],
      ["cdp-answer", undefined],
    ]);
    expect(sends[1]!.value).toBe(answer);
  });

  it("keeps one log per invocation, and the selection of each", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 5, name: "a" }, { id: 6, name: "b" }] });
    const second = fake.invocation();
    expect(fake.selection).toBeUndefined();
    egoOf(fake).useTaskSpace!(5);
    (second.ego as unknown as Ego).useTaskSpace!(6);
    expect([fake.selection, second.selection]).toEqual([5, 6]);
    expect(fake.calls.size).toBe(1);
    expect(second.calls.list()[0]).toMatchObject({ method: "useTaskSpace", channel: "returned", value: 6 });
    expect(fake.invocations).toHaveLength(2);
  });
});

describe("createFakeEgo: seeding", () => {
  it("makes spaces with the given ids, names, ownership, tabs and profiles; later ids never reuse them", async () => {
    const fake = createFakeEgo({
      profiles: [
        { id: "Default", name: "Me", isDefault: true },
        { id: "Profile 9", name: "Shop", isDefault: false },
      ],
      spaces: [
        { id: 12, name: "inbox", ownership: "user", tabs: [{ url: "https://mail.example/", title: "Mail" }], profileId: "Profile 9" },
        { id: 4, name: "research" },
        { name: "handed", ownership: "agentDelegatedToUser" },
        { name: "done", ownership: "user", createdBy: "agent" },
      ],
    });
    const ego = egoOf(fake);
    const listing = (await ego.listTaskSpaces!()) as { taskSpaces: { id: number; name: string; ownership: string; createdBy: string }[] };
    const rows = listing.taskSpaces.map((s) => [s.id, s.name, s.ownership, s.createdBy]);
    expect(rows).toEqual([
      [4, "research", "agent", "agent"],
      [12, "inbox", "user", "user"],
      [13, "handed", "agentDelegatedToUser", "agent"],
      [14, "done", "user", "agent"],
    ]);
    expect(fake.space(12)).toMatchObject({ profileId: "Profile 9", tabs: [{ url: "https://mail.example/", title: "Mail" }] });
    const made = (await ego.createTaskSpace!("new")) as { id: number };
    expect(made.id).toBe(15);
  });

  it("seeds a handed-off space blocked, as handOffTaskSpace leaves it, and refuses what no build has", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 2, name: "handed", ownership: "agentDelegatedToUser" }] });
    const ego = egoOf(fake);
    ego.useTaskSpace!(2);
    await expect(ego.createTab!("about:blank")).resolves.toMatchObject({ error_code: "EGO_TASK_SPACE_USER_IN_CONTROL", error: "manual_takeover" });
    expect(() => fake.seed([{ id: 2, name: "again" }])).toThrow(SeedError);
    expect(() => fake.seed([{ id: 1, name: "below" }])).toThrow(/never reused/);
    expect(() => fake.seed([{ name: "x", userInControl: "location" }])).toThrow(/agentDelegatedToUser/);
    expect(() => fake.seed([{ name: "x", profileId: "nope" }])).toThrow(/no profile 'nope'/);
  });
});

describe("createFakeEgo: hooks", () => {
  it("lets the user take control between two calls (at settle), and sees a call before the binding (at call)", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 1, name: "task" }] });
    const ego = egoOf(fake);
    const seen: string[] = [];
    fake.hooks.atCall("*", (call) => seen.push(`${call.method}:${call.channel}`));
    fake.hooks.atSettle("createTab", () => fake.operator.takeControl(1, "location"), { once: true });
    ego.useTaskSpace!(1);
    const first = await ego.createTab!("about:blank");
    expect(first).not.toHaveProperty("error");
    await expect(ego.createTab!("about:blank")).resolves.toMatchObject({ error_code: "EGO_TASK_SPACE_USER_IN_CONTROL", error: "location" });
    expect(seen).toEqual(["useTaskSpace:pending", "createTab:pending", "createTab:pending"]);
    expect(fake.hooks.size).toBe(1); // the once hook is gone
  });

  it("waits for an async settle hook before the caller sees the result", async () => {
    const fake = createFakeEgo();
    const order: string[] = [];
    fake.hooks.atSettle("listTaskSpaces", async () => {
      await new Promise((r) => setImmediate(r));
      order.push("hook");
    });
    await egoOf(fake).listTaskSpaces!();
    order.push("caller");
    expect(order).toEqual(["hook", "caller"]);
  });
});

describe("createFakeEgo: one-shot failures", () => {
  it("fails the next call on its documented channel, without reaching the browser, once", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 1, name: "task" }] });
    const ego = egoOf(fake);
    ego.useTaskSpace!(1);
    fake.failNext("createTab", "EGO_WEB_CONTENTS_UNAVAILABLE", "gone");
    await expect(ego.createTab!("about:blank")).resolves.toEqual({ error: "gone", error_code: "EGO_WEB_CONTENTS_UNAVAILABLE" });
    expect(fake.space(1)!.tabs).toHaveLength(1); // nothing was opened
    await expect(ego.createTab!("about:blank")).resolves.not.toHaveProperty("error");
    fake.failNext("snapshot", "EGO_SNAPSHOT_FAILED");
    await expect(ego.snapshot!()).rejects.toMatchObject({ error_code: "EGO_SNAPSHOT_FAILED" });
    fake.failNext("sendCDPMessage", "EGO_CDP_SEND_FAILED", "send failed");
    const got = nextCdp(ego);
    ego.sendCDPMessage!(JSON.stringify({ id: 9, method: "Browser.getVersion" }));
    await expect(got).resolves.toEqual({ error: ["send failed", "EGO_CDP_SEND_FAILED"] });
  });

  it("leaves argument checks first: an invalid call throws and the failure stays armed", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    fake.failNext("createTaskSpace", "EGO_OPERATION_FAILED");
    expect(() => ego.createTaskSpace!(7)).toThrow(TypeError);
    await expect(ego.createTaskSpace!("ok")).resolves.toMatchObject({ error_code: "EGO_OPERATION_FAILED" });
    await expect(ego.listTaskSpaces!()).resolves.toMatchObject({ taskSpaces: [] });
  });

  it("keeps the answers in request order", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    fake.failNext("listProfiles", "EGO_OPERATION_FAILED");
    const order: string[] = [];
    await Promise.all([
      (ego.listTaskSpaces!() as Promise<unknown>).then(() => order.push("list")),
      (ego.listProfiles!() as Promise<unknown>).then(() => order.push("profiles")),
      (ego.getBrowserVersion!() as Promise<unknown>).then(() => order.push("version")),
    ]);
    expect(order).toEqual(["list", "profiles", "version"]);
  });

  it("refuses what no build reports: useTaskSpace, unknown codes, an argument error", () => {
    const fake = createFakeEgo();
    expect(() => fake.failNext("useTaskSpace" as never, "EGO_OPERATION_FAILED")).toThrow(/local selection/);
    expect(() => fake.failNext("createTab", "EGO_NOPE" as never)).toThrow(/not an error code/);
    expect(() => fake.failNext("createTab", "EGO_INVALID_ARGUMENT")).toThrow(/thrown by the binding/);
  });
});

describe("createFakeEgo: builds", () => {
  it("plays a persona: an older build's failures carry no error_code", async () => {
    const fake = createFakeEgo({ persona: "pre-error-codes" });
    expect(fake.build.persona).toBe("pre-error-codes");
    expect(fake.build.features).not.toContain("error-codes");
    const result = await egoOf(fake).closeTaskSpace!();
    expect(result).toHaveProperty("error");
    expect(result).not.toHaveProperty("error_code");
    expect(fake.calls.list()[0]!.failed).toBe(true);
    expect(fake.calls.list()[0]!.errorCode).toBeUndefined();
  });

  it("refuses an unknown persona, and takes contract mutants only under offContract", async () => {
    expect(() => createFakeEgo({ persona: "nobody" })).toThrow(/nobody/);
    const fake = createFakeEgo({ offContract: { mutants: ["string-ids"] } });
    const made = (await egoOf(fake).createTaskSpace!("t")) as { id: unknown };
    expect(typeof made.id).toBe("string");
  });
});
