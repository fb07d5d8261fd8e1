// Every catalogue clause has exactly one implementation, found by plain text: a suite's
// `clause("<id>", ...)` (ids are written out, never built from templates, so grep finds them) or
// the run-level clause the CLI writes (src/safety/invariance.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { clauseSites } from "../../src/harness/clause-sites.js";

describe("clause implementations", () => {
  const sites = clauseSites();
  const byId = new Map<string, string[]>();
  for (const s of sites) byId.set(s.id, [...(byId.get(s.id) ?? []), `${s.file}:${s.line}`]);

  test.each(CATALOGUE.map((c) => [c.id]))("%s has exactly one implementation", (id) => {
    expect(byId.get(id) ?? [], `the implementations of ${id}`).toHaveLength(1);
  });

  test("every implementation names a catalogue clause", () => {
    const known = new Set(CATALOGUE.map((c) => c.id));
    expect(sites.filter((s) => !known.has(s.id)).map((s) => `${s.file}:${s.line} ${s.id}`)).toEqual([]);
  });

  test("no suite declares a clause whose id is not written out", () => {
    expect(computedDeclarations(join(import.meta.dirname, "../../suites"))).toEqual([]);
  });
});

/** `clause(` calls in suites/ whose first argument is not a string literal. */
function computedDeclarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return computedDeclarations(path);
    if (!e.name.endsWith(".ts")) return [];
    return [...readFileSync(path, "utf8").matchAll(/\bclause\((?!\s*")\s*(\S{0,40})/g)].map((m) => `${path}: clause(${m[1]}`);
  });
}

describe("clauseSites", () => {
  const root = mkdtempSync(join(tmpdir(), "clause-sites-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test("finds each declaration's file and line, on one line or split after clause(, and the run-level ids", () => {
    mkdirSync(join(root, "suites", "area"), { recursive: true });
    mkdirSync(join(root, "src", "safety"), { recursive: true });
    writeFileSync(join(root, "suites", "area", "a.test.ts"), `import { clause } from "x";\n\nclause("area.one", body);\nclause(\n  "area.two",\n  body,\n);\nnew PreconditionError("m", "area.three");\n`);
    writeFileSync(join(root, "suites", "area", "notes.md"), `clause("area.not-code", body);\n`);
    writeFileSync(join(root, "src", "safety", "check.ts"), `// x\nexport const SOME_CLAUSE_ID = "safety.thing";\n`);
    expect(clauseSites(root)).toEqual([
      { id: "area.one", file: "suites/area/a.test.ts", line: 3 },
      { id: "area.two", file: "suites/area/a.test.ts", line: 5 },
      { id: "safety.thing", file: "src/safety/check.ts", line: 2 },
    ]);
  });
});
