/**
 * snapshotFromCdp on real pages: Debian's chromium (one browser for the file) on the fixture pages.
 * Every printed locator is resolved by Playwright in its own frame and must find exactly the ref's node.
 */
import type { Browser, CDPSession, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SNAPSHOT_OPTIONS, type SnapshotOptions, type SnapshotRef } from "../../../fake-bridge/app/snapshot-shape.js";
import { snapshotFromCdp, type PageSnapshotSwitches } from "../../../fake-bridge/app/chromium-snapshot/index.js";
import { playwrightPageCdp } from "./playwright-page-cdp.js";
import { FIXTURE_FACTS, startFixtureServer, type FixturePageName, type FixtureServer } from "../../../src/fixture-pages/index.js";
import { launchChromium } from "../../fixture-pages/chromium.js";

let server: FixtureServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startFixtureServer(), launchChromium()]);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Ref = SnapshotRef;
type Snap = { content: string; refs: Ref[] };

interface Open {
  page: Page;
  session: CDPSession;
  snap(options?: Partial<SnapshotOptions>, switches?: PageSnapshotSwitches): Promise<Snap>;
  attempt(options?: Partial<SnapshotOptions>): ReturnType<typeof snapshotFromCdp>;
}

async function open(name: FixturePageName, query?: Record<string, string>): Promise<Open> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url(name, query ? { query } : {}), { waitUntil: "load" });
  const session = await context.newCDPSession(page);
  const cdp = playwrightPageCdp(page, session);
  const attempt = (options: Partial<SnapshotOptions> = {}, switches: PageSnapshotSwitches = { locatorOmission: true }) =>
    snapshotFromCdp(cdp, { ...DEFAULT_SNAPSHOT_OPTIONS, ...options }, switches);
  return {
    page,
    session,
    attempt,
    async snap(options = {}, switches: PageSnapshotSwitches = { locatorOmission: true }) {
      const result = await attempt(options, switches);
      if (!result.ok) throw new Error(`snapshot failed: ${result.failure.code} ${result.failure.message}`);
      return result.value;
    },
  };
}

/** The Playwright frame and CDP session behind a ref's frameId (undefined: the top document). */
async function frameOf(o: Open, frameId: string | undefined): Promise<{ frame: Frame; session: CDPSession }> {
  if (frameId === undefined) return { frame: o.page.mainFrame(), session: o.session };
  const { frameTree } = (await o.session.send("Page.getFrameTree")) as { frameTree: FrameTreeNode };
  const inProcess = flatten(frameTree).find((f) => f.frame.id === frameId);
  if (inProcess) return { frame: o.page.frames().find((f) => f.url() === inProcess.frame.url)!, session: o.session };
  for (const frame of o.page.frames()) {
    const own = await o.page.context().newCDPSession(frame).catch(() => undefined);
    if (!own) continue;
    const tree = (await own.send("Page.getFrameTree")) as { frameTree: FrameTreeNode };
    if (tree.frameTree.frame.id === frameId) return { frame, session: own };
  }
  throw new Error(`no frame ${frameId}`);
}
interface FrameTreeNode {
  frame: { id: string; url: string };
  childFrames?: FrameTreeNode[];
}
const flatten = (n: FrameTreeNode): FrameTreeNode[] => [n, ...(n.childFrames ?? []).flatMap(flatten)];

/** Resolves a printed locator in its frame; returns how many elements it finds, marking them. */
async function resolveLocator(frame: Frame, loc: string, mark: string): Promise<number> {
  const [kind, ...rest] = loc.split(":");
  const value = rest.join(":");
  if (kind === "href") {
    // as the v2 runtime resolves href locators: the link's absolute URL or its path (pathname, search, hash)
    return frame.locator("a[href], area[href]").evaluateAll((els, [url, m]) => {
      const hits = els.filter((e) => {
        const u = new URL((e as unknown as { href: string }).href);
        return u.href === url || `${u.pathname}${u.search}${u.hash}` === url;
      });
      for (const e of hits) e.setAttribute("data-loc-probe", m!);
      return hits.length;
    }, [value, mark]);
  }
  const locator = kind === "css" ? frame.locator(value) : (() => {
    const m = /^(\w+)\[name=(.*)\]$/.exec(value);
    if (!m) throw new Error(`unreadable role locator ${loc}`);
    return frame.getByRole(m[1] as Parameters<Frame["getByRole"]>[0], { name: m[2]!, exact: true });
  })();
  const count = await locator.count();
  if (count > 0) await locator.evaluateAll((els, m) => els.forEach((e) => e.setAttribute("data-loc-probe", m)), mark);
  return count;
}

async function expectLocatorsResolve(o: Open, snap: Snap): Promise<number> {
  let checked = 0;
  for (const [i, ref] of snap.refs.entries()) {
    if (ref.loc === undefined) continue;
    const { frame, session } = await frameOf(o, ref.frameId);
    const mark = `probe-${i}`;
    expect(await resolveLocator(frame, ref.loc, mark), `${ref.loc} finds exactly one element`).toBe(1);
    const { node } = (await session.send("DOM.describeNode", { backendNodeId: ref.backendNodeId })) as { node: { attributes?: string[] } };
    expect(node.attributes ?? [], `${ref.loc} finds the ref's own node`).toContain(mark);
    checked++;
  }
  return checked;
}

const LINE = /^( {2})*(root|text "(?:[^"\\]|\\.)*"|container|[A-Za-z]+( "(?:[^"\\]|\\.)*")?( \[ref=\d+(, loc=[^,\]]+(\][^,\]]*)?)?(, url=[^,\]]+)?(, action=\w+)?\])?)$/;

describe("content and refs", () => {
  it("an indented tree: root first, two spaces a level, every line in the documented form", async () => {
    const o = await open("form");
    const s = await o.snap({ includeStableLocator: true, includeActionMarks: true });
    const lines = s.content.split("\n");
    expect(lines[0]).toBe("root");
    for (const line of lines) expect(line).toMatch(LINE);
    for (let i = 1; i < lines.length; i++) {
      const depth = (l: string) => l.length - l.trimStart().length;
      expect(depth(lines[i]!) - depth(lines[i - 1]!), lines[i]).toBeLessThanOrEqual(2);
    }
    await o.page.context().close();
  });

  it("one ref per [ref=N] line, in order, with the line's role and name; N is the ref's refId, its backendNodeId the page's real node", async () => {
    const o = await open("buttons");
    const s = await o.snap();
    const printed = [...s.content.matchAll(/^ *(\w+)(?: "((?:[^"\\]|\\.)*)")? \[ref=(\d+)/gm)].map((m) => ({ role: m[1], name: m[2] === undefined ? "" : JSON.parse(`"${m[2]}"`), id: Number(m[3]) }));
    expect(s.refs.map((r) => ({ role: r.role, name: r.name, id: r.refId }))).toEqual(printed);
    for (const ref of s.refs) {
      const { nodes } = (await o.session.send("Accessibility.getPartialAXTree", { backendNodeId: ref.backendNodeId, fetchRelatives: false })) as { nodes: { role: { value: string }; name?: { value: string } }[] };
      expect(nodes[0]?.role.value).toBe(ref.role);
      expect(nodes[0]?.name?.value ?? "").toBe(ref.name);
    }
    await o.page.context().close();
  });

  it("buttons with and without accessible names: unnamed ones print no name but keep their ref", async () => {
    const o = await open("buttons");
    const s = await o.snap();
    const buttons = s.refs.filter((r) => r.role === "button");
    expect(buttons.filter((b) => b.name === "")).toHaveLength(FIXTURE_FACTS.buttons.unnamedCount);
    expect(buttons.map((b) => b.name)).toEqual(expect.arrayContaining([FIXTURE_FACTS.buttons.named, FIXTURE_FACTS.buttons.labelled]));
    expect(s.content).toMatch(/^ {2}button \[ref=\d+\]$/m);
    await o.page.context().close();
  });

  it("refs are stable: a second snapshot of the same page gives the same ids", async () => {
    const o = await open("links");
    const [a, b] = [await o.snap(), await o.snap()];
    expect(b.refs).toEqual(a.refs);
    await o.page.context().close();
  });

  it("compact text: no blank text lines, no empty unnamed container, no text repeating its parent's name", async () => {
    const o = await open("buttons");
    const s = await o.snap();
    expect(s.content).not.toMatch(/text ""/);
    expect(s.content).not.toMatch(/button "Continue".*\n\s+text "Continue"/);
    const lines = s.content.split("\n");
    lines.forEach((l, i) => {
      if (l.trim() !== "container") return;
      const next = lines[i + 1] ?? "";
      expect(next.length - next.trimStart().length, "a container has children").toBeGreaterThan(l.length - l.trimStart().length);
    });
    await o.page.context().close();
  });
});

describe("locators", () => {
  const PAGES: FixturePageName[] = ["buttons", "links", "form", "frames", "tall"];

  it.each(PAGES)("every loc on %s finds exactly its own node, in its own frame", async (name) => {
    const o = await open(name);
    const s = await o.snap({ includeStableLocator: true });
    expect(await expectLocatorsResolve(o, s)).toBeGreaterThan(0);
    await o.page.context().close();
  });

  it("the duplicate links carry no loc, the links sharing only a name carry their href, nothing is 'unstable' or 'ambiguous'", async () => {
    const o = await open("links");
    const s = await o.snap({ includeStableLocator: true });
    const { duplicate, sharedName, unique } = FIXTURE_FACTS.links;
    const dup = s.refs.filter((r) => r.name === duplicate.name);
    expect(dup).toHaveLength(2);
    for (const r of dup) expect(Object.hasOwn(r, "loc")).toBe(false);
    // links into the page's own origin: by their path (fake-bridge/README.md)
    expect(s.refs.filter((r) => r.name === sharedName.name).map((r) => r.loc)).toEqual(sharedName.paths.map((p) => `href:${p}`));
    expect(s.refs.find((r) => r.name === unique.name)?.loc).toBe(`href:${unique.path}`);
    for (const line of s.content.split("\n").filter((l) => l.includes(`"${duplicate.name}"`))) expect(line).not.toContain("loc=");
    expect(s.content).not.toMatch(/unstable|ambiguous/);
    await o.page.context().close();
  });

  it("buttons sharing a name carry no loc; an unnamed button with an id is located by it", async () => {
    const o = await open("buttons");
    const s = await o.snap({ includeStableLocator: true });
    for (const r of s.refs.filter((r) => r.name === FIXTURE_FACTS.buttons.duplicateName)) expect(r.loc).toBeUndefined();
    expect(s.refs.filter((r) => r.role === "button" && r.name === "").map((r) => r.loc)).toEqual(["css:#icon-only", undefined]);
    await o.page.context().close();
  });

  it("the persona before locator omission prints loc=unstable exactly where a candidate was not unique", async () => {
    const o = await open("links");
    const omitted = await o.snap({ includeStableLocator: true });
    const older = await o.snap({ includeStableLocator: true }, { locatorOmission: false });
    const unstable = older.refs.filter((r) => r.loc === "unstable").map((r) => r.backendNodeId);
    // the links sharing href and name, and the links sharing only an href: a link has no other candidate than its href
    const { duplicate, sharedHref } = FIXTURE_FACTS.links;
    const notUnique = omitted.refs.filter((r) => r.name === duplicate.name || (sharedHref.names as readonly string[]).includes(r.name));
    expect(unstable).toHaveLength(4);
    expect(unstable).toEqual(notUnique.map((r) => r.backendNodeId));
    for (const r of notUnique) expect(r.loc, `'${r.name}' shares its href: no loc, not its role and name`).toBeUndefined();
    expect(older.content.match(/loc=unstable/g)).toHaveLength(4);
    await o.page.context().close();
  });

  it("without includeStableLocator there is no loc at all", async () => {
    const o = await open("links");
    const s = await o.snap();
    expect(s.content).not.toContain("loc=");
    for (const r of s.refs) expect(Object.hasOwn(r, "loc")).toBe(false);
    await o.page.context().close();
  });
});

describe("options", () => {
  it("only_within_viewport prints what the viewport shows, and follows scrolling", async () => {
    const o = await open("tall");
    const { above, below } = FIXTURE_FACTS.tall;
    const top = await o.snap({ scope: "only_within_viewport" });
    expect(top.content).toContain(`button "${above}"`);
    expect(top.content).not.toContain(`button "${below}"`);
    const full = await o.snap();
    expect(full.content).toContain(`button "${below}"`);
    await o.page.getByRole("button", { name: below }).scrollIntoViewIfNeeded();
    const scrolled = await o.snap({ scope: "only_within_viewport" });
    expect(scrolled.content).toContain(`button "${below}"`);
    expect(scrolled.content).not.toContain(`button "${above}"`);
    await o.page.context().close();
  });

  it("interactiveOnly prints only interactive nodes (and the frames around them)", async () => {
    const o = await open("frames");
    const s = await o.snap({ interactiveOnly: true });
    const roles = new Set(s.refs.map((r) => r.role));
    expect([...roles].sort()).toEqual(["button", "iframe", "link"]);
    expect(s.content).not.toMatch(/heading|paragraph|text "/);
    expect(s.content.split("\n").filter((l) => l.trim() === "root")).toHaveLength(3);
    await o.page.context().close();
  });

  it("includeActionMarks marks interactive nodes only, and only when asked", async () => {
    const o = await open("form");
    const marked = await o.snap({ includeActionMarks: true });
    expect(marked.content).toMatch(/textbox "Email" \[ref=\d+, action=type\]/);
    expect(marked.content).toMatch(/button "Sign in" \[ref=\d+, action=click\]/);
    expect(marked.content).not.toMatch(/heading .*action=/);
    expect((await o.snap()).content).not.toContain("action=");
    await o.page.context().close();
  });

  it("maxResultLength cuts the content and keeps the refs of lines printed in full", async () => {
    const o = await open("form");
    const full = await o.snap();
    for (const limit of [1, 40, 200]) {
      const cut = await o.snap({ maxResultLength: limit });
      expect(cut.content.length).toBeLessThanOrEqual(limit);
      expect(full.content.startsWith(cut.content)).toBe(true);
      for (const ref of cut.refs) expect(cut.content).toMatch(new RegExp(`\\[ref=${ref.refId}[,\\]]`));
      expect(cut.refs).toEqual(full.refs.slice(0, cut.refs.length));
    }
    expect((await o.snap({ maxResultLength: 0 })).content).toBe(full.content);
    await o.page.context().close();
  });

  it("subtree: the root line, then the chosen node at depth 1 with its descendants", async () => {
    const o = await open("buttons");
    const full = await o.snap();
    const region = full.refs.find((r) => r.role === "region")!;
    const sub = await o.snap({ scope: "subtree", root: region.backendNodeId });
    const lines = sub.content.split("\n");
    expect(lines[0]).toBe("root");
    expect(lines[1]).toMatch(new RegExp(`^ {2}region "First item" \\[ref=${region.refId}\\]$`));
    expect(lines.slice(2).every((l) => l.startsWith("    "))).toBe(true);
    expect(sub.refs.map((r) => r.name)).toEqual(["First item", FIXTURE_FACTS.buttons.duplicateName]);
    await o.page.context().close();
  });

  it("subtree on an iframe holds the frame's own root", async () => {
    const o = await open("frames");
    const full = await o.snap();
    const iframe = full.refs.find((r) => r.role === "iframe" && r.name === FIXTURE_FACTS.frames.sameOriginTitle)!;
    const sub = await o.snap({ scope: "subtree", root: iframe.backendNodeId });
    expect(sub.content.split("\n").slice(0, 3).map((l) => l.trim().split(" ")[0])).toEqual(["root", "iframe", "root"]);
    expect(sub.refs.some((r) => r.name === FIXTURE_FACTS.frames.inside)).toBe(true);
    await o.page.context().close();
  });

  it("subtree with a root that names no node fails with EGO_SNAPSHOT_FAILED", async () => {
    const o = await open("buttons");
    const r = await o.attempt({ scope: "subtree", root: 987654 });
    expect(r.ok ? r : r.failure.code).toBe("EGO_SNAPSHOT_FAILED");
    await o.page.context().close();
  });
});

describe("iframes", () => {
  it("same-origin and cross-origin frames print their content with refs that carry their frameId", async () => {
    const o = await open("frames");
    const s = await o.snap({ includeStableLocator: true });
    const inside = s.refs.filter((r) => r.name === FIXTURE_FACTS.frames.inside);
    expect(inside).toHaveLength(2);
    const frameIds = inside.map((r) => r.frameId);
    expect(new Set(frameIds).size).toBe(2);
    for (const id of frameIds) expect(id).toMatch(/^[0-9A-F]{32}$/);
    const urls = await Promise.all(frameIds.map(async (id) => new URL((await frameOf(o, id)).frame.url()).origin));
    expect(urls.sort()).toEqual([server.origin, server.crossOrigin].sort());
    const top = ((await o.session.send("Page.getFrameTree")) as { frameTree: FrameTreeNode }).frameTree.frame.id;
    expect(s.refs.find((r) => r.name === FIXTURE_FACTS.frames.outside)?.frameId, "the top document's refs carry its frame's id").toBe(top);
    // each button is unique within its own frame, so each carries a loc
    for (const r of inside) expect(r.loc).toBe(`role:button[name=${FIXTURE_FACTS.frames.inside}]`);
    await o.page.context().close();
  });

  it("the cross-origin frame's nodes are real nodes of its own renderer", async () => {
    const o = await open("frames");
    const s = await o.snap();
    const cross = s.refs.filter((r) => r.frameId !== undefined);
    for (const ref of cross) {
      const { session } = await frameOf(o, ref.frameId);
      await expect(session.send("DOM.describeNode", { backendNodeId: ref.backendNodeId })).resolves.toBeDefined();
    }
    await o.page.context().close();
  });
});

describe("failures", () => {
  it("a closed page: EGO_WEB_CONTENTS_UNAVAILABLE", async () => {
    const o = await open("form");
    await o.page.close();
    const r = await o.attempt();
    expect(r.ok ? r : r.failure.code).toBe("EGO_WEB_CONTENTS_UNAVAILABLE");
    await o.page.context().close();
  });

  it("about:blank is an empty root", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const r = await snapshotFromCdp(playwrightPageCdp(page, await context.newCDPSession(page)), DEFAULT_SNAPSHOT_OPTIONS, { locatorOmission: true });
    expect(r).toEqual({ ok: true, value: { content: "root", refs: [] } });
    await context.close();
  });
});

describe("mutant plans (each breaks its one rule)", () => {
  const mutated = (mutants: PageSnapshotSwitches["mutants"]): PageSnapshotSwitches => ({ locatorOmission: true, mutants });

  it("ambiguous-locators-printed: the duplicate links get a loc that finds both", async () => {
    const o = await open("links");
    const s = await o.snap({ includeStableLocator: true }, mutated({ ambiguousLocatorsPrinted: true }));
    const dup = s.refs.filter((r) => r.name === FIXTURE_FACTS.links.duplicate.name);
    expect(dup.map((r) => r.loc)).toEqual([0, 1].map(() => `href:${FIXTURE_FACTS.links.duplicate.path}`));
    await o.page.context().close();
  });

  it("viewport-scope-ignored: only_within_viewport shows the button below the fold", async () => {
    const o = await open("tall");
    const s = await o.snap({ scope: "only_within_viewport" }, mutated({ viewportScopeIgnored: true }));
    expect(s.content).toContain(`button "${FIXTURE_FACTS.tall.below}"`);
    await o.page.context().close();
  });

  it("interactive-only-ignored: interactiveOnly prints headings too", async () => {
    const o = await open("form");
    const s = await o.snap({ interactiveOnly: true }, mutated({ interactiveOnlyIgnored: true }));
    expect(s.content).toMatch(/heading "Sign in"/);
    await o.page.context().close();
  });

  it("frame-refs-omitted: nodes inside iframes print without refs, the top document keeps its refs", async () => {
    const o = await open("frames");
    const s = await o.snap({}, mutated({ frameRefsOmitted: true }));
    const top = ((await o.session.send("Page.getFrameTree")) as { frameTree: FrameTreeNode }).frameTree.frame.id;
    expect(s.refs.every((r) => r.frameId === top), "every ref is the top document's").toBe(true);
    expect(s.content).toMatch(/^ {6}button "Inside frame"$/m);
    expect(s.refs.some((r) => r.name === FIXTURE_FACTS.frames.outside)).toBe(true);
    await o.page.context().close();
  });

  it("href-locators-absolute (allowed): a same-origin link's loc is its absolute URL, still unique", async () => {
    const o = await open("links");
    const s = await o.snap({ includeStableLocator: true }, mutated({ hrefLocatorsAbsolute: true }));
    const { unique } = FIXTURE_FACTS.links;
    expect(s.refs.find((r) => r.name === unique.name)?.loc).toBe(`href:${server.origin}${unique.path}`);
    expect(await expectLocatorsResolve(o, s)).toBeGreaterThan(0);
    await o.page.context().close();
  });

  it("subtree-root-ignored: subtree prints the whole page", async () => {
    const o = await open("buttons");
    const region = (await o.snap()).refs.find((r) => r.role === "region")!;
    const s = await o.snap({ scope: "subtree", root: region.backendNodeId }, mutated({ subtreeRootIgnored: true }));
    expect(s.content).toContain(`button "${FIXTURE_FACTS.buttons.named}"`);
    await o.page.context().close();
  });
});
