// The suites' reading of a snapshot's content (suites/snapshot/snapshot-text.ts): the reference
// leaves content free-form, so the fake's tree form and the community port's form (no root lines,
// unquoted `text: ...`) must read the same where the clauses judge: refs, names, nesting, frames.
import { describe, expect, it } from "vitest";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { descendants, malformed, parseSnapshot, shows, TOP_FRAME } from "../../suites/snapshot/snapshot-text.js";

const TREE = [
  "root",
  '  heading "Links"',
  '  link "About \\"us\\"" [ref=4, loc=href:/about.html, url=http://127.0.0.1:1/about.html]',
  '  iframe "Child" [ref=7]',
  "    root",
  '      button "Inside" [ref=9]',
  '  text "End of the links page"',
].join("\n");

const PORT = [
  'heading "Links"',
  'link "About \\"us\\"" [ref=4, loc=href:/about.html, url=http://127.0.0.1:1/about.html]',
  'iframe "Child" [ref=7]',
  '  button "Inside" [ref=9]',
  "  generic",
  "text: End of the links page",
].join("\n");

describe("reading a snapshot's content", () => {
  it("reads refs, locators, names and frames alike in the tree form and the port's form", () => {
    for (const content of [TREE, PORT]) {
      const lines = parseSnapshot(content);
      const refs = lines.filter((l) => l.attrs.has("ref")).map((l) => ({ ref: l.attrs.get("ref"), role: l.role, name: l.name, loc: l.attrs.get("loc"), top: l.frame === TOP_FRAME }));
      expect(refs, content).toEqual([
        { ref: "4", role: "link", name: 'About "us"', loc: "href:/about.html", top: true },
        { ref: "7", role: "iframe", name: "Child", loc: undefined, top: true },
        { ref: "9", role: "button", name: "Inside", loc: undefined, top: false },
      ]);
      const iframe = lines.find((l) => l.role === "iframe")!;
      expect(descendants(lines, iframe).some((l) => l.name === "Inside"), content).toBe(true);
      expect(lines.find((l) => l.name === "Inside")!.frame).toBe(iframe.index);
      expect(lines.at(-1)!.name).toBe("End of the links page");
      expect(shows(content, "End of the links page")).toBe(1);
    }
  });

  it("tells the tree form of research 1.5 from other forms (an open detail)", () => {
    expect(malformed(parseSnapshot(TREE))).toEqual([]);
    expect(malformed(parseSnapshot(PORT)).map((l) => l.raw)).toEqual(["text: End of the links page"]);
  });

  it("counts a text as it is or JSON-quoted, never inside a longer word", () => {
    expect(shows('text "End of the frame"\ntext "End of the frames page"', "End of the frame")).toBe(1);
    expect(shows("text: End of the frames page", "End of the frame")).toBe(0);
    expect(shows('text "a \\"b\\""', 'a "b"')).toBe(1);
    expect(shows("text: a \"b\"", 'a "b"')).toBe(1);
    expect(shows("text: End\ntext: End", "End")).toBe(2);
  });

  it("reads the fake's page model in either form to the same refs and names", async () => {
    const read = async (mutants: "snapshot-port-text-form"[]) => {
      const ego = createFakeBrowser({ mutants }).newBinding();
      ego.useTaskSpace(((await ego.createTaskSpace("s")) as { id: number }).id);
      await ego.createTab("https://example.com/checkout");
      const snap = (await ego.snapshot({ includeStableLocator: true })) as { content: string };
      return parseSnapshot(snap.content).filter((l) => l.attrs.has("ref")).map((l) => [l.role, l.name, l.attrs.get("loc") ?? null, l.depth]);
    };
    const tree = await read([]);
    // the port prints no root line: every line a level up
    expect((await read(["snapshot-port-text-form"])).map(([role, name, loc, depth]) => [role, name, loc, (depth as number) + 1])).toEqual(tree.map(([role, name, loc, depth]) => [role, name, loc, depth]));
  });
});
