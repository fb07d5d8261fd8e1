// The fixture pages' table (src/fixture-pages/pages.json) against the pages themselves, read as
// files: no server, so it runs with the unit tests (./server.test.ts serves them).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_PAGES, FIXTURE_PAGES_DIR } from "../../src/fixture-pages/index.js";

describe("the fixture pages' table", () => {
  it("gives each page a path and what it is for, and a heading only as the page's own <h1>", () => {
    for (const [name, page] of Object.entries(FIXTURE_PAGES)) {
      expect(page.path, name).toMatch(/^\/[a-z-]+\.html$/);
      expect(page.about.length, name).toBeGreaterThan(10);
      if (page.heading === undefined) continue;
      const html = readFileSync(join(FIXTURE_PAGES_DIR, page.path), "utf8");
      expect(/<h1>([^<]*)<\/h1>/.exec(html)?.[1], name).toBe(page.heading);
    }
  });

  it("gives a page's end only as the text of its last element, a paragraph found nowhere else on it", () => {
    const ended = Object.entries(FIXTURE_PAGES).filter(([, page]) => page.end !== undefined);
    expect(ended.length).toBeGreaterThan(0);
    for (const [name, page] of ended) {
      const html = readFileSync(join(FIXTURE_PAGES_DIR, page.path), "utf8");
      expect(/<p>([^<]*)<\/p>\s*<\/body>/.exec(html)?.[1], name).toBe(page.end);
      expect(html.split(page.end!).length - 1, `${name}: the end's text appears once`).toBe(1);
    }
  });

  it("gives an end to every page a clause opens and waits for (suites/snapshot/fixture-page.ts), and to the documents in their iframes", () => {
    for (const name of ["form", "buttons", "links", "frames", "frameChild", "frameRefs", "frameRefsChild", "tall"] as const) expect(FIXTURE_PAGES[name].end, name).toBeDefined();
  });
});
