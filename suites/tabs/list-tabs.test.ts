// listTabs: shape, the created tab, scoping to the selected space, one active tab.
import { expect } from "vitest";
import { TabList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";
import { openTab, waitForTab } from "../../src/harness/tabs.js";

const ONE = offlineUrl("one");
const TWO = offlineUrl("two");

clause("tabs.list.shape", async ({ ego, spaces }) => {
  const own = await spaces.create();
  expect(await observeCall(ego, "listTabs", [], own.id)).toResolveMatching(TabList);
});

clause("tabs.list.contains-created", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const url = offlineUrl("contains-created");
  const seen = await openTab(ego, own, url);
  // the docs promise no moment at which a new tab reports its url: poll with a bound
  const listed = await waitForTab(ego, own, seen.targetId, { url });
  expect(listed.tabs).toContainEqual(expect.objectContaining({ targetId: seen.targetId, url }));
});

clause("tabs.list.scoped-to-space", async ({ ego, session, spaces }) => {
  const a = await spaces.create({ label: "a" });
  const b = await spaces.create({ label: "b" });
  const seen = await ego.evaluate(async (p, a, b, inAUrl, inBUrl) => {
    if (!(await p.use(a))) return { refused: "a" };
    const inA = (await p.ego.createTab(inAUrl)) as { targetId: string };
    if (!(await p.use(b))) return { refused: "b" };
    const inB = (await p.ego.createTab(inBUrl)) as { targetId: string };
    const listB = (await p.ego.listTabs()) as { tabs: { targetId: string }[] };
    await p.use(a);
    const listA = (await p.ego.listTabs()) as { tabs: { targetId: string }[] };
    return { refused: null, inA: inA.targetId, inB: inB.targetId, listA: listA.tabs.map((t) => t.targetId), listB: listB.tabs.map((t) => t.targetId) };
  }, a.id, b.id, offlineUrl("only-in-a"), offlineUrl("only-in-b"));
  if (seen.refused !== null) throw selectionRefused((seen.refused === "a" ? a : b).id);
  expect(seen.listA).toContain(seen.inA);
  expect(seen.listA, "space A does not list space B's tab").not.toContain(seen.inB);
  expect(seen.listB).toContain(seen.inB);
  expect(seen.listB, "space B does not list space A's tab").not.toContain(seen.inA);
  // nothing selected (a fresh invocation): no space is selected, so no space's tabs are listed
  // ("Task-scoped APIs operate on the current task context"); a browser-wide listing fails
  const unselected = await (await session()).evaluate((p) => p.call("listTabs", []));
  const listedUnselected = ((unselected.value as { tabs?: { targetId?: unknown }[] } | undefined)?.tabs ?? []).map((t) => t?.targetId);
  expect(listedUnselected, "with nothing selected, listTabs lists neither space's tab").not.toContain(seen.inA);
  expect(listedUnselected, "with nothing selected, listTabs lists neither space's tab").not.toContain(seen.inB);
});

clause("tabs.list.one-active", async ({ ego, spaces, openDetail }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, one, two) => {
    if (!(await p.use(id))) return null;
    const made = [(await p.ego.createTab(one)) as { targetId?: string }, (await p.ego.createTab(two)) as { targetId?: string }];
    // a new tab reports its url once its navigation commits, on the page's own time (later under
    // load): poll, bounded, until both are listed with their urls, so the read is of that state
    const wanted = [[made[0]?.targetId, one], [made[1]?.targetId, two]];
    const deadline = Date.now() + 5_000;
    const poll = p.poll();
    for (;;) {
      const listed = (await poll.attempt(() => p.ego.listTabs())) as { tabs?: { targetId?: string; active: unknown; index: unknown; url: string }[] };
      const tabs = Array.isArray(listed?.tabs) ? listed.tabs : undefined;
      const settled = tabs !== undefined && wanted.every(([t, url]) => tabs.some((tab) => tab.targetId === t && tab.url === url));
      if (settled || tabs === undefined || Date.now() > deadline) return listed as { tabs: { active: unknown; index: unknown; url: string }[] };
      await p.sleep(50);
    }
  }, own.id, ONE, TWO);
  if (seen === null) throw selectionRefused(own.id);
  // core: a space has one active tab; each tab says whether it is, and carries an index
  expect(seen.tabs.filter((t) => t.active === true), "exactly one active tab").toHaveLength(1);
  for (const tab of seen.tabs) {
    expect(tab.active, "active is a boolean").toBeTypeOf("boolean");
    expect(tab.index, "index is a number").toBeTypeOf("number");
  }
  await openDetail(() => {
    expect(seen.tabs.find((t) => t.active)?.url, "the newest tab is the active one").toBe(TWO);
    expect(seen.tabs.map((t) => t.index)).toEqual(seen.tabs.map((_, i) => i));
  });
});

clause("tabs.list.scoped-empty-space", async ({ ego, spaces }) => {
  const a = await spaces.create({ label: "a" });
  const b = await spaces.create({ label: "emptied" });
  const seen = await ego.evaluate(async (p, a, b, inAUrl) => {
    await p.use(a);
    const inA = (await p.ego.createTab(inAUrl)) as { targetId: string };
    await p.use(b);
    const own = ((await p.ego.listTabs()) as { tabs: { targetId: string }[] }).tabs.map((t) => t.targetId);
    // every tab of B closed over B's own raw CDP channel
    const closed = (await p.withCdp(async (cdp: any) => {
      const answers: unknown[] = [];
      for (const targetId of own) answers.push(await cdp.send("Target.closeTarget", { targetId }));
      return answers;
    })) as { error?: unknown; sendError?: unknown; timeout?: unknown }[];
    // closing is eventually consistent: poll (bounded) until none of B's tabs is listed
    const deadline = Date.now() + 10_000;
    const poll = p.poll();
    let after = await poll.attempt(() => p.call("listTabs", []));
    const listed = (o: typeof after) => ((o.value as { tabs?: { targetId: string }[] } | undefined)?.tabs ?? []).map((t) => t.targetId);
    while (listed(after).some((t) => own.includes(t)) && Date.now() < deadline) {
      await p.sleep(100);
      after = await poll.attempt(() => p.call("listTabs", []));
    }
    return { inA: inA.targetId, own, closed, after, listed: listed(after) };
  }, a.id, b.id, offlineUrl("only-in-a"));
  const refused = seen.closed.filter((c) => c.error !== undefined || c.sendError !== undefined || c.timeout !== undefined);
  if (refused.length) throw new Error(`could not close the space's own tabs over its CDP channel: ${JSON.stringify(refused)}`);
  expect(seen.after.channel, "listTabs of the emptied space resolves").toBe("resolved");
  expect(seen.listed.filter((t) => seen.own.includes(t)), "the emptied space lists none of its closed tabs").toEqual([]);
  expect(seen.listed, "the emptied space does not list space A's tab").not.toContain(seen.inA);
});

const TITLED_PAGE = "data:text/html,<title>ego-conformance titled tab</title><p>a page with a title</p>";

clause("tabs.list.real-title", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const tab = await openTab(ego, own, TITLED_PAGE);
  const listed = await waitForTab(ego, own, tab.targetId, { title: "ego-conformance titled tab" });
  expect(listed.tabs).toContainEqual(expect.objectContaining({ targetId: tab.targetId, url: TITLED_PAGE, title: "ego-conformance titled tab" }));
});
