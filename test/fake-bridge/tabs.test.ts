/** Tabs of the selected space: createTab, listTabs, recentTabTitles, titles and target ids. */
import { describe, expect, it } from "vitest";
import { CreatedTab, TabList } from "../../src/contract/index.js";
import { titleForUrl } from "../../fake-bridge/app/urls.js";
import { browser, entryOf, selectNewSpace, type Loose } from "./helpers.js";

describe("createTab", () => {
  it("resolves {targetId, url, title} of a new active tab; the previous one becomes inactive", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    const tab = CreatedTab.parse(await ego.createTab("https://example.com/cart")) as Loose;
    expect(tab).toEqual({ targetId: expect.stringMatching(/^[0-9A-F]{32}$/), url: "https://example.com/cart", title: "example.com/cart" });
    const { tabs } = TabList.parse(await ego.listTabs());
    expect(tabs.map((t) => [t.index, t.url, t.active])).toEqual([
      [0, "about:blank", false],
      [1, "https://example.com/cart", true],
    ]);
    expect(tabs[1]!.targetId).toBe(tab.targetId);
  });

  it("always opens a new tab, also for about:blank (no reuse, research Q7)", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    const a = (await ego.createTab("about:blank")) as Loose;
    const { tabs } = (await ego.listTabs()) as Loose;
    expect(tabs).toHaveLength(2);
    expect(tabs[0].targetId).not.toBe(a.targetId);
  });

  it("reports the url as a browser serialises it", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    expect(await ego.createTab("https://Example.COM")).toMatchObject({ url: "https://example.com/", title: "example.com" });
    expect(await ego.createTab("not a url")).toMatchObject({ url: "not a url", title: "not a url" });
  });
});

describe("target ids and titles", () => {
  it("target ids are 32 upper-case hex, unique, and deterministic across browsers built alike", async () => {
    const ids = async () => {
      const { ego } = browser();
      await selectNewSpace(ego);
      await ego.createTab("https://a.example/");
      await ego.createTab("https://b.example/");
      return ((await ego.listTabs()) as Loose).tabs.map((t: Loose) => t.targetId);
    };
    const first = await ids();
    expect(new Set(first).size).toBe(3);
    for (const id of first) expect(id).toMatch(/^[0-9A-F]{32}$/);
    expect(await ids()).toEqual(first);
  });

  it("titles derive from the url", () => {
    expect(titleForUrl("about:blank")).toBe("New Tab");
    expect(titleForUrl("https://example.com/")).toBe("example.com");
    expect(titleForUrl("http://localhost:8080/a/b")).toBe("localhost:8080/a/b");
    expect(titleForUrl("data:text/html,hi")).toBe("data:text/html,hi");
  });
});

describe("listTabs is scoped to the selected space", () => {
  it("each space lists only its own tabs", async () => {
    const { ego } = browser();
    const a = (await ego.createTaskSpace("a")) as Loose;
    const b = (await ego.createTaskSpace("b")) as Loose;
    ego.useTaskSpace(a.id);
    await ego.createTab("https://a.example/");
    ego.useTaskSpace(b.id);
    expect(((await ego.listTabs()) as Loose).tabs.map((t: Loose) => t.url)).toEqual(["about:blank"]);
    ego.useTaskSpace(a.id);
    expect(((await ego.listTabs()) as Loose).tabs.map((t: Loose) => t.url)).toEqual(["about:blank", "https://a.example/"]);
  });
});

describe("recentTabTitles", () => {
  it("lists tab titles most recent first, at most five", async () => {
    const { ego } = browser();
    const id = await selectNewSpace(ego);
    for (const n of [1, 2, 3, 4, 5, 6]) await ego.createTab(`https://site${n}.example/`);
    expect((await entryOf(ego, id)).recentTabTitles).toEqual(["site6.example", "site5.example", "site4.example", "site3.example", "site2.example"]);
  });
});
