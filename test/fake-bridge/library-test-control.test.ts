// What a unit test asks of the fake beyond the contract (fake-bridge/library): raw off-contract
// answers, a partial surface, and the call-log helpers (tuples, a mark between phases, the
// background filter).
import { describe, expect, it } from "vitest";
import { createFakeEgo } from "../../fake-bridge/library/index.js";

type Ego = Record<string, (...args: unknown[]) => unknown> & { onCDPMessage: unknown; onSendCDPMessageError: unknown };
const egoOf = (fake: { ego: unknown }) => fake.ego as unknown as Ego;
const turn = () => new Promise((r) => setImmediate(r));

describe("offContract.answer: a raw answer per method", () => {
  it("answers once with any value, on a later turn, flagged off-contract; the next call is the contract's again", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    const raw = { taskSpaces: [{ id: 4, name: "x", ownership: "shared" }] };
    fake.offContract.answer("listTaskSpaces", raw, { once: true });
    let settled = false;
    const first = (ego.listTaskSpaces!() as Promise<unknown>).then((v) => ((settled = true), v));
    expect(settled).toBe(false);
    expect(await first).toBe(raw);
    expect(await ego.listTaskSpaces!()).toEqual({ taskSpaces: [] });
    expect(fake.calls.list().map((e) => [e.method, e.channel, e.offContract])).toEqual([
      ["listTaskSpaces", "resolved", true],
      ["listTaskSpaces", "resolved", undefined],
    ]);
    expect(fake.calls.list({ offContract: true })).toHaveLength(1);
  });

  it("answers always until removed, skips argument checks and the browser, and applies to every invocation", async () => {
    const fake = createFakeEgo();
    const second = egoOf(fake.invocation());
    const remove = fake.offContract.answer("createTaskSpace", { taskId: "t-9", id: 9, name: "inbox" });
    // 42 is not a valid name: the contract's binding would throw; the raw answer takes its place
    await expect(egoOf(fake).createTaskSpace!(42)).resolves.toEqual({ taskId: "t-9", id: 9, name: "inbox" });
    await expect(second.createTaskSpace!("inbox")).resolves.toMatchObject({ id: 9 });
    expect(fake.browser.app.inspect(9)).toBeUndefined(); // nothing was created browser-side
    remove();
    expect(() => egoOf(fake).createTaskSpace!(42)).toThrow(TypeError);
  });

  it("gives the value on the channel asked for: returned, thrown, resolved or rejected, each logged as such", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 3, name: "a" }] });
    const ego = egoOf(fake);
    const boom = new Error("raw");
    fake.offContract.answer("useTaskSpace", { error: "no such space" }, { once: true, as: "resolve" });
    fake.offContract.answer("useTaskSpace", boom, { once: true, as: "throw" });
    fake.offContract.answer("snapshot", boom, { once: true, as: "reject" });
    fake.offContract.answer("sendCDPMessage", "sent", { once: true });
    await expect(ego.useTaskSpace!(3)).resolves.toEqual({ error: "no such space" });
    expect(() => ego.useTaskSpace!(3)).toThrow(boom);
    await expect(ego.snapshot!()).rejects.toBe(boom);
    expect(ego.sendCDPMessage!("{}")).toBe("sent");
    expect(fake.selection).toBeUndefined(); // a raw answer selects nothing
    expect(fake.calls.list().map((e) => [e.method, e.channel, e.failed])).toEqual([
      ["useTaskSpace", "resolved", true],
      ["useTaskSpace", "threw", true],
      ["snapshot", "rejected", true],
      ["sendCDPMessage", "returned", false],
    ]);
  });

  it("runs the hooks around a raw answer, and refuses what is not a method or a channel", async () => {
    const fake = createFakeEgo();
    const seen: string[] = [];
    fake.hooks.atCall("listProfiles", (c) => void seen.push(`call:${c.channel}`));
    fake.hooks.atSettle("listProfiles", (c) => void seen.push(`settle:${c.channel}`));
    fake.offContract.answer("listProfiles", { profiles: [] }, { once: true });
    await egoOf(fake).listProfiles!();
    expect(seen).toEqual(["call:pending", "settle:resolved"]);
    expect(() => fake.offContract.answer("nope" as never, 1)).toThrow(/not a method/);
    expect(() => fake.offContract.answer("listTabs", 1, { as: "callback" as never })).toThrow(/as must be one of/);
  });
});

describe("without: a partial surface, as an older build", () => {
  it("leaves the named methods out; without sendCDPMessage its callback slots go too", () => {
    const full = createFakeEgo();
    const partial = createFakeEgo({ without: ["sendCDPMessage", "getBrowserVersion"] });
    expect(Object.keys(full.ego)).toContain("sendCDPMessage");
    expect(Object.keys(partial.ego).sort()).toEqual(Object.keys(full.ego).filter((k) => !["sendCDPMessage", "getBrowserVersion", "onCDPMessage", "onSendCDPMessageError"].includes(k)).sort());
    expect(typeof (partial.ego as unknown as Ego).sendCDPMessage).toBe("undefined");
    expect(partial.build.without).toEqual(["sendCDPMessage", "getBrowserVersion"]);
    expect(egoOf(partial.invocation()).getBrowserVersion).toBeUndefined();
  });

  it("keeps the other methods as the contract has them, and refuses a name that is not a method", async () => {
    const fake = createFakeEgo({ without: ["listProfiles"] });
    await expect(egoOf(fake).createTaskSpace!("a")).resolves.toMatchObject({ name: "a" });
    expect(() => createFakeEgo({ without: ["nope" as never] })).toThrow(/not a method/);
  });
});

describe("the call log between phases: tuples, mark, clear", () => {
  it("gives the calls as [method, ...args], and those after a mark", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 2, name: "a" }] });
    const ego = egoOf(fake);
    await ego.listTaskSpaces!();
    ego.useTaskSpace!(2);
    const mark = fake.calls.mark();
    await ego.createTab!("about:blank");
    expect(fake.calls.tuples()).toEqual([["listTaskSpaces"], ["useTaskSpace", 2], ["createTab", "about:blank"]]);
    expect(fake.calls.tuples({ since: mark })).toEqual([["createTab", "about:blank"]]);
    expect(fake.calls.tuples({ since: fake.calls.mark() })).toEqual([]);
  });

  it("clears the log; start numbers go on, so an earlier mark still holds", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    await ego.listTaskSpaces!();
    const mark = fake.calls.mark();
    fake.calls.clear();
    expect(fake.calls.size).toBe(0);
    await ego.listProfiles!();
    expect(fake.calls.list().map((e) => [e.method, e.started, e.settled])).toEqual([["listProfiles", 2, 2]]);
    expect(fake.calls.tuples({ since: mark })).toEqual([["listProfiles"]]);
  });
});

describe("the call log: background calls (the test's staging, not the code under test)", () => {
  it("flags the calls a hook makes, and those of fake.background(fn), also after an await and a timer", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 1, name: "a" }] });
    const ego = egoOf(fake);
    fake.hooks.atSettle("createTaskSpace", async () => void (await ego.listTaskSpaces!()), { once: true });
    await fake.background(async () => {
      await ego.listProfiles!();
      await new Promise<void>((resolve) => setTimeout(() => resolve(void ego.useTaskSpace!(1)), 1));
    });
    await ego.createTaskSpace!("b");
    await turn();
    expect(fake.calls.tuples({ background: true })).toEqual([["listProfiles"], ["useTaskSpace", 1], ["listTaskSpaces"]]);
    expect(fake.calls.tuples({ background: false })).toEqual([["createTaskSpace", "b"]]);
  });

  it("leaves a call the code under test makes outside every such scope unflagged, even while a background scope is pending", async () => {
    const fake = createFakeEgo();
    const ego = egoOf(fake);
    let release!: () => void;
    const staging = fake.background(() => new Promise<void>((r) => (release = r)).then(() => ego.listTabs!()));
    await ego.listTaskSpaces!();
    release();
    await staging;
    expect(fake.calls.list().map((e) => [e.method, e.background])).toEqual([
      ["listTaskSpaces", undefined],
      ["listTabs", true],
    ]);
  });
});
