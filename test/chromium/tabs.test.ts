// Real tabs behind the fake: contexts per space, real targetIds, real url and title, closing a
// space closes its pages, the browser is started once per process.
import { describe, expect, it } from "vitest";
import { createFakeBrowser, type MutantName } from "../../fake-bridge/index.js";
import { profileBrowser, runningBrowsers } from "../../fake-bridge/chromium/browser-pool.js";
import { createProbeScope } from "../../src/probe/runtime.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { CHROMIUM, closeBrowsersAfterAll, NO_CHROMIUM } from "./support.js";

type Loose = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const fixtures = useFixturePages();

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, boundMs = 10_000): Promise<T> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A fake browser on real Chromium, and a binding of it that created and selected a space "a". */
async function inNewSpace(mutants: MutantName[] = []): Promise<{ b: ReturnType<typeof createFakeBrowser>; ego: Loose }> {
  const b = createFakeBrowser({ chromium: CHROMIUM!, mutants });
  const ego: Loose = b.newBinding();
  ego.useTaskSpace((await ego.createTaskSpace("a")).id);
  return { b, ego };
}

describe.skipIf(NO_CHROMIUM)("chromium pages", { timeout: 60_000 }, () => {
  closeBrowsersAfterAll();

  it("createTab opens a real page target of the space's own browser context", async () => {
    const { b, ego } = await inNewSpace();
    const tab = await ego.createTab("data:text/html,<title>one</title>");
    const listed = await waitFor(() => ego.listTabs(), (l: Loose) => l.tabs.some((t: Loose) => t.title === "one"));
    expect(listed.tabs).toEqual([
      { index: 0, targetId: expect.stringMatching(/^[0-9A-F]{32}$/), url: "about:blank", title: expect.any(String), active: false },
      { index: 1, targetId: tab.targetId, url: "data:text/html,<title>one</title>", title: "one", active: true },
    ]);
    const profile = await profileBrowser(CHROMIUM!.executablePath, "Default");
    const { targetInfos } = (await profile.admin.send("Target.getTargets")) as Loose;
    const mine = targetInfos.filter((t: Loose) => t.targetId === tab.targetId);
    expect(mine).toHaveLength(1);
    const spaceContext = mine[0].browserContextId;
    // a second space is a second context
    const second = await ego.createTaskSpace("b");
    ego.useTaskSpace(second.id);
    const other = await ego.createTab("about:blank");
    const after = ((await profile.admin.send("Target.getTargets")) as Loose).targetInfos;
    expect(after.find((t: Loose) => t.targetId === other.targetId).browserContextId).not.toBe(spaceContext);
    await b.shutdown();
  });

  it("closing a space closes its pages; the browser stays up for the next app of the process", async () => {
    const { b, ego } = await inNewSpace();
    const tab = await ego.createTab("about:blank");
    const profile = await profileBrowser(CHROMIUM!.executablePath, "Default");
    const live = async () => ((await profile.admin.send("Target.getTargets")) as Loose).targetInfos.map((t: Loose) => t.targetId);
    expect(await live()).toContain(tab.targetId);
    expect(await ego.closeTaskSpace()).toEqual(expect.any(String));
    expect(await live()).not.toContain(tab.targetId);
    const running = runningBrowsers();
    await b.shutdown();
    const next = createFakeBrowser({ chromium: CHROMIUM! });
    const ego2: Loose = next.newBinding();
    ego2.useTaskSpace((await ego2.createTaskSpace("c")).id);
    await ego2.listTabs();
    expect(runningBrowsers(), "no second browser for the same profile").toBe(running);
    await next.shutdown();
  });

  it("listTaskSpaces reports the real titles of open spaces", async () => {
    const { b, ego } = await inNewSpace();
    await ego.createTab("data:text/html,<title>listed title</title>");
    const listing = await waitFor(() => ego.listTaskSpaces(), (l: Loose) => l.taskSpaces[0].recentTabTitles[0] === "listed title");
    expect(listing.taskSpaces[0].recentTabTitles[0]).toBe("listed title");
    await b.shutdown();
  });

  it("Target.activateTarget over raw CDP makes that tab the space's active tab, for listTabs and snapshot", async () => {
    const { b, ego } = await inNewSpace();
    const first = await ego.createTab("data:text/html,<title>First tab</title><p>First tab</p>");
    await ego.createTab("data:text/html,<title>Secondary tab</title><p>Secondary tab</p>");
    const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 10_000 });
    const activated = await cdp.send("Target.activateTarget", { targetId: first.targetId });
    expect(activated.result, JSON.stringify(activated)).toEqual({});
    const listed = await ego.listTabs();
    expect(listed.tabs.filter((t: Loose) => t.active).map((t: Loose) => t.targetId), "the activated tab is the one active tab").toEqual([first.targetId]);
    const snap = await ego.snapshot();
    expect(snap.content, "the snapshot reads the activated tab").toContain("First tab");
    expect(snap.content).not.toContain("Secondary tab");
    await b.shutdown();
  });

  it("a closed active tab passes to the last remaining tab, or the first under closed-tab-activates-first", async () => {
    const activeAfterClose = async (mutants: "closed-tab-activates-first"[]) => {
      const b = createFakeBrowser({ chromium: CHROMIUM!, mutants });
      const ego: Loose = b.newBinding();
      ego.useTaskSpace((await ego.createTaskSpace("a")).id);
      await ego.createTab("data:text/html,<title>Middle tab</title>");
      const last = await ego.createTab("data:text/html,<title>Last tab</title>");
      const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 10_000 });
      expect((await cdp.send("Target.closeTarget", { targetId: last.targetId })).result).toBeDefined();
      const listed = await waitFor(() => ego.listTabs(), (l: Loose) => !l.tabs.some((t: Loose) => t.targetId === last.targetId));
      await b.shutdown();
      return listed.tabs.map((t: Loose) => [t.url.startsWith("data:") ? "middle" : t.url, t.active]);
    };
    expect(await activeAfterClose([])).toEqual([["about:blank", false], ["middle", true]]);
    expect(await activeAfterClose(["closed-tab-activates-first"])).toEqual([["about:blank", true], ["middle", false]]);
  });

  it.each([
    [[] as MutantName[], "the opener stays the active tab"],
    [["popup-activates"] as MutantName[], "the popup is the active tab"],
  ])("a popup opened by a target=_blank link belongs to the space and loads; mutants %j: %s", async (mutants, active) => {
    const server = await fixtures();
    const landed = server.url("landed");
    const { b, ego } = await inNewSpace(mutants);
    const opener = await ego.createTab(server.url("form"));
    await waitFor(() => ego.listTabs(), (l: Loose) => l.tabs.some((t: Loose) => t.targetId === opener.targetId && t.url === server.url("form") && t.title !== ""));
    const cdp: Loose = createProbeScope(ego).cdpClient({ timeoutMs: 10_000 });
    const attach = await cdp.send("Target.attachToTarget", { targetId: opener.targetId, flatten: true });
    const sessionId = attach.result.sessionId;
    const click = `(() => { const a = document.createElement("a"); a.href = ${JSON.stringify(landed)}; a.target = "_blank"; a.textContent = "open"; document.documentElement.append(a); a.click(); return 1; })()`;
    const clicked = await cdp.send("Runtime.evaluate", { expression: click, userGesture: true, returnByValue: true }, sessionId);
    expect(clicked.result?.result?.value, JSON.stringify(clicked)).toBe(1);
    const listed = await waitFor(() => ego.listTabs(), (l: Loose) => l.tabs.some((t: Loose) => t.url === landed && t.title !== ""), 15_000);
    expect(listed.tabs.map((t: Loose) => t.url), "the popup is the space's tab and loaded its url").toContain(landed);
    const activeTab = listed.tabs.find((t: Loose) => t.active);
    expect(activeTab?.url, active).toBe(mutants.length === 0 ? server.url("form") : landed);
    await b.shutdown();
  });
});
