// A clause's basis must be checkable from the repository: every research citation resolves to an
// anchor of docs/contract-basis.md, every citation of the reference to one of its vendored headings.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE, INFRASTRUCTURE_ERROR_CODES, INFRASTRUCTURE_ERROR_MESSAGES, type Clause } from "../../src/contract/index.js";
import ANCHORS from "../../src/contract/data/native-bindings-anchors.json" with { type: "json" };

const ROOT = new URL("../../", import.meta.url).pathname;
const BASIS_ANCHORS = new Set([...readFileSync(join(ROOT, "docs/contract-basis.md"), "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!));
const HEADINGS = ANCHORS.headings.map((h) => h.heading.replace(/`/g, ""));

const ITEM = String.raw`(?:Q\d+(?:-Q\d+)?|\d+(?:\.\d+)?)`;
/** "research 1.5", "research Q10", and in comments a list or range after one "research": "research Q2, Q3", "research Q24-Q28". */
const CITATION = new RegExp(String.raw`\bresearch\s+(${ITEM}(?:(?:,\s*|\s+and\s+)${ITEM})*)(?![\w.])`, "g");
/** The catalogue's own form: one item per "research". */
const SINGLE_CITATION = /\bresearch (?:Q\d+|\d+(?:\.\d+)?)(?![\w.-])/g;

/** Each research item a text cites (a range counts each of its questions). */
function researchItems(text: string): string[] {
  return [...text.matchAll(CITATION)].flatMap((m) =>
    m[1]!.split(/,\s*|\s+and\s+/).flatMap((item) => {
      const range = /^Q(\d+)-Q(\d+)$/.exec(item);
      if (range === null) return [item];
      const [from, to] = [Number(range[1]), Number(range[2])];
      return to < from ? [item] : Array.from({ length: to - from + 1 }, (_, i) => `Q${from + i}`);
    }),
  );
}

const anchorOf = (item: string) => `research-${item.toLowerCase().replace(/\./g, "-")}`;

/** The research items a text cites that have no anchor on docs/contract-basis.md. */
function unresolvedResearch(text: string): string[] {
  return researchItems(text)
    .filter((item) => !BASIS_ANCHORS.has(anchorOf(item)))
    .map((item) => `research ${item}`);
}

/**
 * Citations of the reference ("native-bindings-api.md Task Spaces ...") that open on no heading of it.
 * One of an older revision ("native-bindings-api.md revisions 07ef34d to da0e162") has no vendored
 * heading: the research item it carries is its basis.
 */
function unresolvedReference(text: string): string[] {
  return [...text.matchAll(/native-bindings-api\.md ([^;]*)/g)]
    .map((m) => m[1]!.replace(/`/g, ""))
    .filter((rest) => !HEADINGS.some((h) => rest.startsWith(h)))
    .filter((rest) => !(/^revisions? /.test(rest) && researchItems(rest).length > 0))
    .map((rest) => `native-bindings-api.md ${rest.slice(0, 40)}`);
}

/** What in a catalogue text looks like a research citation but is not one a program can find. */
function malformed(text: string): string[] {
  const rest = text.replace(SINGLE_CITATION, "");
  return [...rest.matchAll(/\bresearch\b.{0,20}|\bQ\d+\b/g)].map((m) => m[0]);
}

/** A clause's `doc.section` names where its rule comes from: a heading of the reference, or a citation. */
function sectionProblem(section: string): string | undefined {
  const plain = section.replace(/`/g, "");
  if (HEADINGS.some((h) => plain.startsWith(h))) return undefined;
  if (researchItems(section).length > 0) return undefined;
  return `"${section}" opens on no heading of the reference and cites no research item`;
}

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

/** Every text of the catalogue that may cite: each clause's fields, and the infrastructure codes' bases. */
function catalogueTexts(clauses: readonly Clause[]): { where: string; text: string }[] {
  return [
    ...clauses.flatMap((c) => strings(c).map((text) => ({ where: c.id, text }))),
    ...[...INFRASTRUCTURE_ERROR_CODES, ...INFRASTRUCTURE_ERROR_MESSAGES].map((c) => ({ where: `infrastructure ${"code" in c ? c.code : c.sign}`, text: c.basis })),
  ];
}

function problems(texts: { where: string; text: string }[]): string[] {
  return texts.flatMap(({ where, text }) => [...unresolvedResearch(text), ...unresolvedReference(text), ...malformed(text)].map((p) => `${where}: ${p}`));
}

/** The repository's code and its docs beside it, comments included; a comment's line breaks read as spaces. */
function sourceFiles(): { path: string; text: string }[] {
  return ["src", "fake-bridge", "suites"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|mjs|json|md)$/.test(f) && !f.split("/").includes("node_modules"))
      .map((f) => ({ path: `${dir}/${f}`, text: readFileSync(join(ROOT, dir, f), "utf8").replace(/\n\s*(?:\*(?!\/)|\/\/)?\s*/g, " ") })),
  );
}

describe("citations of the contract's basis", () => {
  it("docs/contract-basis.md has one anchor per item", () => {
    const all = [...readFileSync(join(ROOT, "docs/contract-basis.md"), "utf8").matchAll(/<a id="([^"]+)"><\/a>/g)].map((m) => m[1]!);
    expect(all.length).toBeGreaterThan(40);
    expect(all.length).toBe(BASIS_ANCHORS.size);
    for (const a of all) expect(a).toMatch(/^research-(?:q\d+|\d+(?:-\d+)?)$/);
  });

  it("every citation in the catalogue resolves, one research item per citation", () => {
    expect(problems(catalogueTexts(CATALOGUE))).toEqual([]);
  });

  it("every clause's doc section opens on a heading of the reference or cites research", () => {
    expect(CATALOGUE.flatMap((c) => sectionProblem(c.doc.section) ?? []).map(String)).toEqual([]);
  });

  it("every research citation in src/, fake-bridge/ and suites/ resolves", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(({ path, text }) => unresolvedResearch(text).map((c) => `${path}: ${c}`))).toEqual([]);
  });

  it("fails on a made-up or malformed citation", () => {
    expect(unresolvedResearch("research 1.5, research Q10")).toEqual([]);
    expect(unresolvedResearch("research Q99: an invented question")).toEqual(["research Q99"]);
    expect(unresolvedResearch("research 9.9 (no such section)")).toEqual(["research 9.9"]);
    expect(unresolvedResearch("the fake's choice (research Q26, Q98 and Q99)")).toEqual(["research Q98", "research Q99"]);
    expect(unresolvedResearch("comment: research Q27-Q33")).toEqual(["research Q33"]);
    expect(unresolvedReference("native-bindings-api.md Task Spaces ('id: numeric'); research Q10")).toEqual([]);
    expect(unresolvedReference("native-bindings-api.md Task Spacez ('id')")).toEqual(["native-bindings-api.md Task Spacez ('id')"]);
    expect(unresolvedReference("native-bindings-api.md revisions 07ef34d to da0e162 (research 1.4)")).toEqual([]);
    expect(unresolvedReference("native-bindings-api.md revision 07ef34d")).toEqual(["native-bindings-api.md revision 07ef34d"]);
    expect(malformed("research 1.5 snapshot, Q28")).toEqual(["Q28"]);
    expect(malformed("research file, section 1.4")).toEqual(["research file, section 1.4"]);
    expect(malformed("research 1.5 snapshot, research Q28")).toEqual([]);
    expect(problems([{ where: "made-up", text: "research Q99" }])).toEqual(["made-up: research Q99"]);
    expect(sectionProblem("Tabs")).toBeUndefined();
    expect(sectionProblem("JavaScript dialog requirement (research 1.7)")).toBeUndefined();
    expect(sectionProblem("a rule someone remembers")).toMatch(/no heading/);
  });
});
