// Clause doc links must open: the reference lives on the upstream's 2.0.0-beta-dev branch (its
// default branch, main, has no docs/native-bindings-api.md), and every clause's anchor must be one
// of the reference's headings. The headings are vendored in src/contract/data (see its "source").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { DOC_BRANCH, DOC_URL, docLink } from "../../src/contract/methods.js";

interface Anchors {
  source: string;
  branch: string;
  headings: { heading: string; anchor: string }[];
}
const ANCHORS = JSON.parse(readFileSync(new URL("../../src/contract/data/native-bindings-anchors.json", import.meta.url), "utf8")) as Anchors;

/** GitHub's heading slug: lower case, punctuation but - and _ dropped, spaces to -; repeats get -1, -2. */
function githubSlugs(headings: string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((h) => {
    const base = h.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  });
}

describe("clause doc links", () => {
  it("point at docs/native-bindings-api.md on the branch that has it", () => {
    expect(DOC_BRANCH).toBe("2.0.0-beta-dev");
    expect(ANCHORS.branch).toBe(DOC_BRANCH);
    const url = new URL(docLink("tabs"));
    expect(url.origin).toBe("https://github.com");
    expect(url.pathname).toBe(`/citrolabs/ego-lite/blob/${DOC_BRANCH}/docs/native-bindings-api.md`);
    expect(url.hash).toBe("#tabs");
    expect(DOC_URL).not.toMatch(/\/blob\/main\//);
  });

  it("the vendored anchors are the GitHub slugs of the vendored headings", () => {
    expect(ANCHORS.headings.length).toBeGreaterThan(30);
    expect(ANCHORS.headings.map((h) => h.anchor)).toEqual(githubSlugs(ANCHORS.headings.map((h) => h.heading)));
    expect(githubSlugs(["`await ego.createTaskSpace(name, profileId?)`", "Error Codes", "Error codes"])).toEqual([
      "await-egocreatetaskspacename-profileid",
      "error-codes",
      "error-codes-1",
    ]);
  });

  it("every clause's anchor is a heading of the reference", () => {
    const anchors = new Set(ANCHORS.headings.map((h) => h.anchor));
    const missing = CATALOGUE.filter((c) => !anchors.has(c.doc.anchor)).map((c) => `${c.id}: #${c.doc.anchor}`);
    expect(missing).toEqual([]);
  });
});
