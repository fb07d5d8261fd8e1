// Comments say why: a file's header is one to three lines of text in the folders of ENFORCED, and
// no comment, test title or doc points at a tracker item there or in TRACKER_FREE.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { commentProblems, headerLines, trackerReferences } from "./comment-checker.js";

const ROOT = join(import.meta.dirname, "../..");
const ENFORCED = ["fake-bridge", "suites", "scripts", "src"];
/** where only tracker references are checked: tests and docs keep their longer headers */
const TRACKER_FREE = ["test", "docs", "README.md"];
/** the checker's own test, whose examples are tracker references on purpose */
const EXAMPLES = "test/architecture/comments.test.ts";

/** The project's own files under `dir`: installed packages (a fixture's node_modules) are not ours. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(path);
    return e.isFile() && /\.(ts|mts|mjs|js|cjs|sh|md)$/.test(e.name) ? [path] : [];
  });
}

function files(roots: string[]): { path: string; text: string }[] {
  return roots.flatMap((root) => {
    const full = join(ROOT, root);
    const paths = statSync(full).isFile() ? [full] : sourceFiles(full);
    return paths.map((p) => ({ path: relative(ROOT, p).split(sep).join("/"), text: readFileSync(p, "utf8") }));
  });
}

describe("comments that say why", () => {
  it("reads a header in each comment form", () => {
    expect(headerLines("#!/usr/bin/env node\n/**\n * one\n *\n * two\n */\nexport {};\n")).toEqual(["one", "two"]);
    expect(headerLines("// one\n// two\n\n// not the header\n")).toEqual(["one", "two"]);
    expect(headerLines("#!/bin/sh\n# one\nset -e\n")).toEqual(["one"]);
    expect(headerLines("/** one */ export const x = 1;\n")).toEqual(["one"]);
    expect(headerLines("import x from 'y';\n// later\n")).toEqual([]);
  });

  it("finds a long header and a tracker reference", () => {
    expect(commentProblems("a.ts", "// 1\n// 2\n// 3\nexport {};\n")).toEqual([]);
    expect(commentProblems("a.ts", "/**\n * 1\n * 2\n * 3\n * 4\n */\n")).toEqual(["a.ts: header of 4 lines of text (at most 3)"]);
    expect(commentProblems("a.md", "as Issue 21's fix did\n")).toEqual(['a.md:1: tracker reference "Issue 21"']);
    expect(commentProblems("a.ts", "// why (Deliver 5)\nconst x = 1; // defect 2\n")).toEqual(['a.ts:1: tracker reference "Deliver 5"', 'a.ts:2: tracker reference "defect 2"']);
  });

  it("holds in every enforced folder", () => {
    const all = files(ENFORCED);
    expect(all.length).toBeGreaterThan(100);
    const problems = all.flatMap((f) => commentProblems(f.path, f.text));
    expect(problems, problems.join("\n")).toEqual([]);
  });

  it("finds no tracker reference in the tests, the docs and the README", () => {
    const all = files(TRACKER_FREE).filter((f) => f.path !== EXAMPLES);
    expect(all.length).toBeGreaterThan(100);
    expect(all.map((f) => f.path)).toContain("README.md");
    const problems = all.flatMap((f) => trackerReferences(f.path, f.text));
    expect(problems, problems.join("\n")).toEqual([]);
  });
});
