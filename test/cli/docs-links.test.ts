// The README and docs/ link each other and the tree by relative paths: every such link must name
// a file that exists (the README's content moved to docs/), and only docs/cli.md,
// generated from the option tables, holds flag tables.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];

describe("the README and docs/", () => {
  it.each(PAGES)("%s: every relative link names a file that exists", (page) => {
    const text = readFileSync(join(ROOT, page), "utf8");
    const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^(https?:|mailto:|#)/.test(t));
    const missing = targets.filter((t) => !existsSync(resolve(ROOT, dirname(page), t.split("#")[0]!)));
    expect(missing).toEqual([]);
  });

  it("the README covers the three jobs and links every docs page", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("npm run conformance");
    expect(readme).toContain("npm test");
    for (const page of PAGES.filter((p) => p.startsWith("docs/"))) expect(readme, page).toContain(`](${page})`);
  });

  it.each(PAGES.filter((p) => p !== "docs/cli.md"))("%s holds no hand-written flag table (they are generated into docs/cli.md)", (page) => {
    expect(readFileSync(join(ROOT, page), "utf8")).not.toMatch(/^\| flag \|/m);
  });
});
