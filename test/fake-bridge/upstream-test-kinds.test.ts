// The kinds of test a runtime's own unit tests need of the fake, written here from their
// description (a runtime's ad hoc fakes answered these; ours could not): a space owned "shared",
// profiles without isDefault, a useTaskSpace that resolves {error}, a taskId that differs from
// the name, and a surface without sendCDPMessage. Each runs a small helper of the kind a runtime
// builds against the library, the off-contract answer set by the test.
import { describe, expect, it } from "vitest";
import { createFakeEgo, type FakeEgo } from "../../fake-bridge/library/index.js";
// the plain-JS helper a runtime might write (also what package-check runs with node --test)
import { openInTaskSpace } from "../../examples/fake-library/task-helper.mjs";

type Ego = Record<string, ((...args: unknown[]) => unknown) | undefined>;

function install(fake: FakeEgo): Ego {
  (globalThis as { ego?: unknown }).ego = fake.ego;
  return fake.ego as unknown as Ego;
}

/** A runtime's default-profile pick: the one marked default, else the first. */
async function defaultProfileId(ego: Ego): Promise<string | undefined> {
  const { profiles } = (await ego.listProfiles!()) as { profiles: { id: string; isDefault?: boolean }[] };
  return (profiles.find((p) => p.isDefault === true) ?? profiles[0])?.id;
}

/** A runtime's selection that also accepts a build whose useTaskSpace resolves an error object. */
async function selectSpace(ego: Ego, id: number): Promise<number> {
  const result = (await ego.useTaskSpace!(id)) as unknown;
  if (result !== null && typeof result === "object" && "error" in result) throw new Error(`useTaskSpace: ${String((result as { error: unknown }).error)}`);
  return id;
}

/** A runtime's page discovery: only where the surface has the CDP channel. */
async function discoverPages(ego: Ego, id: number): Promise<"no-cdp" | string> {
  if (typeof ego.sendCDPMessage !== "function") return "no-cdp";
  ego.useTaskSpace!(id);
  return new Promise((resolve) => {
    const e = ego as unknown as { onCDPMessage: unknown; onSendCDPMessageError: unknown };
    e.onCDPMessage = (text: string) => resolve(text);
    e.onSendCDPMessageError = (message: string) => resolve(`error: ${message}`);
    ego.sendCDPMessage!(JSON.stringify({ id: 1, method: "Target.getTargets" }));
  });
}

describe("upstream test kinds on the fake library", () => {
  it('a space owned "shared" (an ownership the reference does not list) is reused, not claimed', async () => {
    const fake = createFakeEgo({ spaces: [{ id: 4, name: "inbox", ownership: "agent" }] });
    install(fake);
    fake.offContract.answer("listTaskSpaces", { taskSpaces: [{ taskId: "inbox", id: 4, name: "inbox", createdBy: "agent", ownership: "shared" }] }, { once: true });
    await expect(openInTaskSpace("inbox", "about:blank")).resolves.toMatchObject({ id: 4 });
    expect(fake.calls.tuples()).toEqual([["listTaskSpaces"], ["useTaskSpace", 4], ["createTab", "about:blank"]]);
    expect(fake.calls.methods({ offContract: true })).toEqual(["listTaskSpaces"]);
  });

  it("listProfiles entries without isDefault: the helper falls back to the first profile", async () => {
    const fake = createFakeEgo();
    const ego = install(fake);
    expect(await defaultProfileId(ego)).toBe("Default"); // the contract's answer marks it
    fake.offContract.answer("listProfiles", { profiles: [{ id: "Profile 3", name: "Work" }, { id: "Default", name: "Personal" }] }, { once: true });
    expect(await defaultProfileId(ego)).toBe("Profile 3");
  });

  it("useTaskSpace resolving {error}: the helper reports it, and nothing is selected", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 6, name: "a" }] });
    const ego = install(fake);
    fake.offContract.answer("useTaskSpace", { error: "Task space not found" }, { once: true, as: "resolve" });
    await expect(selectSpace(ego, 6)).rejects.toThrow("useTaskSpace: Task space not found");
    expect(fake.selection).toBeUndefined();
    await expect(selectSpace(ego, 6)).resolves.toBe(6); // the contract's useTaskSpace returns the id
    expect(fake.selection).toBe(6);
    expect(fake.calls.list().map((e) => [e.channel, e.failed, e.offContract])).toEqual([
      ["resolved", true, true],
      ["returned", false, undefined],
    ]);
  });

  it("taskId different from name: the helper selects by id, whatever taskId says", async () => {
    const fake = createFakeEgo({ spaces: [{ id: 9, name: "elsewhere" }] });
    install(fake);
    fake.offContract.answer("createTaskSpace", { taskId: "task-9", id: 9, name: "inbox" }, { once: true });
    await expect(openInTaskSpace("inbox", "about:blank")).resolves.toMatchObject({ id: 9 });
    expect(fake.calls.tuples()).toEqual([["listTaskSpaces"], ["createTaskSpace", "inbox"], ["useTaskSpace", 9], ["createTab", "about:blank"]]);
    expect(fake.space(9)!.tabs.map((t) => t.url)).toContain("about:blank");
  });

  it("a surface without sendCDPMessage: no page discovery starts; with it, discovery is the test's background", async () => {
    const older = createFakeEgo({ spaces: [{ id: 2, name: "a" }], without: ["sendCDPMessage"] });
    await expect(discoverPages(install(older), 2)).resolves.toBe("no-cdp");
    expect(older.calls.tuples()).toEqual([]);

    const current = createFakeEgo({ spaces: [{ id: 2, name: "a" }] });
    const ego = install(current);
    const answer = await current.background(() => discoverPages(ego, 2));
    expect(JSON.parse(answer)).toMatchObject({ id: 1, result: { targetInfos: expect.any(Array) } });
    await openInTaskSpace("a", "about:blank");
    expect(current.calls.methods()).toEqual(["useTaskSpace", "sendCDPMessage", "listTaskSpaces", "useTaskSpace", "createTab"]);
    expect(current.calls.methods({ background: false })).toEqual(["listTaskSpaces", "useTaskSpace", "createTab"]);
  });
});
