/** Structured snapshots of the active tab: shape, locators, scopes, options, stable ids. */
import { describe, expect, it } from "vitest";
import { SnapshotResult } from "../../src/contract/index.js";
import { browser, rejectionOf, selectNewSpace, type Loose } from "./helpers.js";

async function onPage(url = "https://example.com/") {
  const b = browser();
  await selectNewSpace(b.ego);
  await b.ego.createTab(url);
  return b;
}
const snap = async (ego: Loose, options?: Record<string, unknown>) => SnapshotResult.parse(await ego.snapshot(options)) as Loose;

describe("full page", () => {
  it("renders an indented tree with a root line, refs and locators", async () => {
    const { ego } = await onPage();
    const s = await snap(ego, { includeStableLocator: true });
    const lines: string[] = s.content.split("\n");
    expect(lines[0]).toBe("root");
    for (const line of lines.slice(1)) expect(line).toMatch(/^( {2})+\S/);
    expect(s.content).toMatch(/^ {2}button "Continue" \[ref=\d+, loc=role:button\[name=Continue\]\]$/m);
    expect(s.refs).toContainEqual(expect.objectContaining({ role: "button", name: "Continue", loc: "role:button[name=Continue]" }));
  });

  it("omits the locator of the two links sharing one href: no loc key, never a sentinel", async () => {
    const { ego } = await onPage();
    const s = await snap(ego, { includeStableLocator: true });
    const links = s.refs.filter((r: Loose) => r.role === "link");
    expect(links).toHaveLength(2);
    for (const link of links) expect(Object.hasOwn(link, "loc")).toBe(false);
    expect(s.content).not.toMatch(/unstable|ambiguous/);
    const linkLines = s.content.split("\n").filter((l: string) => l.includes('link "'));
    for (const l of linkLines) expect(l).not.toContain("loc=");
    expect(linkLines[0]).toContain("url=https://example.com/learn-more");
  });

  it("without includeStableLocator there is no loc anywhere", async () => {
    const { ego } = await onPage();
    const s = await snap(ego);
    expect(s.content).not.toContain("loc=");
    for (const r of s.refs) expect(Object.hasOwn(r, "loc")).toBe(false);
  });

  it("about:blank is an empty document", async () => {
    const { ego } = browser();
    await selectNewSpace(ego);
    expect(await snap(ego)).toEqual({ content: "root", refs: [] });
  });

  it("snapshots the active tab", async () => {
    const { ego } = await onPage("https://first.example/");
    await ego.createTab("https://second.example/");
    expect((await snap(ego)).content).toContain('heading "second.example"');
  });
});

describe("options", () => {
  it("only_within_viewport prints fewer nodes", async () => {
    const { ego } = await onPage();
    const full = await snap(ego);
    const viewport = await snap(ego, { scope: "only_within_viewport" });
    expect(viewport.refs.length).toBeLessThan(full.refs.length);
    expect(viewport.content).toContain('button "Continue"');
    expect(viewport.content).not.toContain('textbox "Email"');
  });

  it("interactiveOnly keeps only interactive elements", async () => {
    const { ego } = await onPage();
    const s = await snap(ego, { interactiveOnly: true });
    expect(s.refs.map((r: Loose) => r.role)).toEqual(["button", "link", "link", "textbox"]);
    expect(s.content).not.toContain("heading");
    expect(s.content).not.toContain("text ");
  });

  it("includeActionMarks marks interactive nodes", async () => {
    const { ego } = await onPage();
    const s = await snap(ego, { includeActionMarks: true });
    expect(s.content).toMatch(/button "Continue" \[ref=\d+, action=click\]/);
    expect(s.content).toMatch(/textbox "Email" \[ref=\d+, action=type\]/);
  });

  it("maxResultLength cuts content to at most N characters; refs keep fully printed lines; 0 = unlimited", async () => {
    const { ego } = await onPage();
    const full = await snap(ego);
    expect((await snap(ego, { maxResultLength: 0 })).content).toBe(full.content);
    for (const n of [1, 5, 40, 100, full.content.length - 1]) {
      const cut = await snap(ego, { maxResultLength: n });
      expect(cut.content.length).toBeLessThanOrEqual(n);
      expect(full.content.startsWith(cut.content)).toBe(true);
      for (const r of cut.refs) expect(cut.content).toContain(`ref=${r.backendNodeId}`);
    }
    expect((await snap(ego, { maxResultLength: 1 })).content).toBe("r");
  });

  it("subtree captures a node from a previous ref and its descendants", async () => {
    const { ego } = await onPage();
    const full = await snap(ego);
    const nav = full.refs.find((r: Loose) => r.role === "navigation");
    const sub = await snap(ego, { scope: "subtree", root: nav.backendNodeId });
    expect(sub.content.split("\n")).toEqual([
      "root",
      `  navigation "Related" [ref=${nav.backendNodeId}]`,
      expect.stringMatching(/^ {4}link "Learn more" \[ref=\d+, url=/),
      expect.stringMatching(/^ {4}link "Learn more" \[ref=\d+, url=/),
    ]);
    expect(sub.refs.map((r: Loose) => r.role)).toEqual(["navigation", "link", "link"]);
  });

  it("subtree with an unknown root rejects EGO_SNAPSHOT_FAILED", async () => {
    const { ego } = await onPage();
    const error = await rejectionOf(ego.snapshot({ scope: "subtree", root: 987654 }));
    expect(error).toBeInstanceOf(Error);
    expect(error.error_code).toBe("EGO_SNAPSHOT_FAILED");
    expect(error.message).toContain("987654");
  });

  it("a ref of another tab is unknown in the active one", async () => {
    const { ego } = await onPage("https://first.example/");
    const old = await snap(ego);
    await ego.createTab("https://second.example/");
    const error = await rejectionOf(ego.snapshot({ scope: "subtree", root: old.refs[0].backendNodeId }));
    expect(error.error_code).toBe("EGO_SNAPSHOT_FAILED");
  });
});

describe("stable backendNodeIds", () => {
  it("the same node keeps its backendNodeId across snapshots", async () => {
    const { ego } = await onPage();
    const a = await snap(ego, { includeStableLocator: true });
    const b = await snap(ego, { scope: "only_within_viewport" });
    const continueA = a.refs.find((r: Loose) => r.name === "Continue");
    const continueB = b.refs.find((r: Loose) => r.name === "Continue");
    expect(continueB.backendNodeId).toBe(continueA.backendNodeId);
    expect(await snap(ego, { includeStableLocator: true })).toEqual(a);
  });

  it("two browsers built alike produce identical snapshots", async () => {
    const one = await onPage();
    const two = await onPage();
    expect(await snap(two.ego, { includeStableLocator: true })).toEqual(await snap(one.ego, { includeStableLocator: true }));
  });
});
