// No import crosses the allowed table (./allowed-imports.ts): every relative import of every
// .ts/.mts/.mjs file in src/, fake-bridge/, suites/, scripts/ and bin/ runs along an edge the table
// lists. The checker is tested on inline file sets, so the test is known to fail on an import
// against the table.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOWED_IMPORTS } from "./allowed-imports.js";
import { checkImports, circles, describeViolation, fileCircles, folderOf, relativeImports, tableCircles, unknownFolders, unusedEdges, type ImportTable, type SourceFile } from "./import-checker.js";

const ROOT = join(import.meta.dirname, "../..");
const SCANNED = ["src", "fake-bridge", "suites", "scripts", "bin"];

function sourceFiles(): SourceFile[] {
  return SCANNED.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|mts|mjs)$/.test(e.name))
      .map((e) => {
        const full = join(e.parentPath, e.name);
        return { path: relative(ROOT, full).split(sep).join("/"), text: readFileSync(full, "utf8") };
      }),
  );
}

describe("the allowed-imports table", () => {
  it("holds for the whole tree", () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.path.startsWith("suites/")) && files.some((f) => f.path.startsWith("bin/"))).toBe(true);
    const problems = checkImports(files, ALLOWED_IMPORTS).map(describeViolation);
    expect(problems, `imports against test/architecture/allowed-imports.ts:\n${problems.join("\n")}`).toEqual([]);
  });

  it("names only folders it lists, each of which exists", () => {
    expect(unknownFolders(ALLOWED_IMPORTS)).toEqual([]);
    const files = sourceFiles();
    const empty = Object.keys(ALLOWED_IMPORTS).filter((folder) => !files.some((f) => folderOf(f.path, ALLOWED_IMPORTS) === folder));
    expect(empty, "folders in the table that hold no source file").toEqual([]);
  });

  it("lists only edges the tree uses", () => {
    expect(unusedEdges(sourceFiles(), ALLOWED_IMPORTS), "edges no import runs along: remove them from the table").toEqual([]);
  });

  it("never lets a suite or the contract layer import the fake", () => {
    for (const [folder, allowed] of Object.entries(ALLOWED_IMPORTS)) {
      if (folder === "suites" || folder.startsWith("suites/") || folder === "src/contract" || folder === "src/version" || folder === "src/probe") {
        expect(allowed.filter((to) => to === "fake-bridge" || to.startsWith("fake-bridge/")), folder).toEqual([]);
      }
    }
  });

  it("lets suites reach the target layer only through its root (the Target interface), never the fake side", () => {
    expect(ALLOWED_IMPORTS.suites!.filter((to) => to.startsWith("src/targets/"))).toEqual([]);
  });

  it("lets the fake import nothing of the harness but the contract layer (and the leaves src/wire, src/scratch, src/processes, src/files, src/errors, src/tables and src/target-scope)", () => {
    const readable = ["src/contract", "src/version", "src/wire", "src/scratch", "src/processes", "src/files", "src/errors", "src/tables", "src/target-scope"];
    for (const [folder, allowed] of Object.entries(ALLOWED_IMPORTS)) {
      if (folder !== "fake-bridge" && !folder.startsWith("fake-bridge/")) continue;
      expect(allowed.filter((to) => to.startsWith("src/") && !readable.includes(to)), folder).toEqual([]);
    }
    expect(ALLOWED_IMPORTS["src/wire"], "src/wire stays a leaf").toEqual([]);
    expect(ALLOWED_IMPORTS["src/scratch"], "src/scratch imports only the leaf src/processes").toEqual(["src/processes"]);
    expect(ALLOWED_IMPORTS["src/processes"], "src/processes imports only the write door src/files and the leaf src/target-scope").toEqual(["src/files", "src/target-scope"]);
    expect(ALLOWED_IMPORTS["src/files"], "src/files imports only the leaf src/errors").toEqual(["src/errors"]);
    expect(ALLOWED_IMPORTS["src/errors"], "src/errors stays a leaf").toEqual([]);
    expect(ALLOWED_IMPORTS["src/tables"], "src/tables stays a leaf").toEqual([]);
    expect(ALLOWED_IMPORTS["src/target-scope"], "src/target-scope stays a leaf").toEqual([]);
  });
});

describe("the fake has one door", () => {
  // src/cli, src/run, src/harness, src/matrix and src/targets/detect once reached the fake directly
  it("among the harness's folders (src/), only src/targets/fake imports fake-bridge", () => {
    const reaching = Object.entries(ALLOWED_IMPORTS)
      .filter(([folder, allowed]) => folder.startsWith("src/") && folder !== "src/targets/fake" && allowed.some((to) => to === "fake-bridge" || to.startsWith("fake-bridge/")))
      .map(([folder]) => folder);
    expect(reaching.sort()).toEqual([]);
  });
});

describe("imports that never run back up", () => {
  // the four folder circles and two file circles the tree had are mended; either test
  // fails with the circle named if one is added again (the circle finder's own tests below)
  it("the table has no circle (a mutual edge is the smallest)", () => {
    expect(tableCircles(ALLOWED_IMPORTS)).toEqual([]);
  });

  it("no file imports itself back through others", () => {
    expect(fileCircles(sourceFiles())).toEqual([]);
  });
});

describe("the import checker", () => {
  const table: ImportTable = { "src/low": [], "src/high": ["src/low"], "src/high/inner": ["src/high"], suites: ["src/high"] };
  const file = (path: string, text: string): SourceFile => ({ path, text });

  it("passes imports along the table, inside a folder, and of packages", () => {
    const files = [
      file("src/high/a.ts", `import { x } from "../low/x.js";\nimport { y } from "./y.js";\nimport { z } from "zod";\nimport { readFile } from "node:fs/promises";`),
      file("src/high/inner/b.ts", `export { a } from "../a.js";`),
      file("suites/area/c.test.ts", `import type { A } from "../../src/high/a.js";`),
    ];
    expect(checkImports(files, table)).toEqual([]);
  });

  it("finds the edges no import runs along", () => {
    const files = [file("src/high/a.ts", `import { x } from "../low/x.js";`), file("suites/area/c.test.ts", `import { a } from "../../src/high/a.js";`)];
    expect(unusedEdges(files, table)).toEqual(["src/high/inner -> src/high"]);
    expect(unusedEdges([...files, file("src/high/inner/b.ts", `export { a } from "../a.js";`)], table)).toEqual([]);
  });

  it("fails on an import against the table and names the file and the import", () => {
    const files = [file("src/low/x.ts", `import { a } from "../high/a.js";\nexport const x = a;`)];
    const violations = checkImports(files, table);
    expect(violations).toEqual([{ file: "src/low/x.ts", specifier: "../high/a.js", from: "src/low", to: "src/high", target: "src/high/a.js" }]);
    expect(describeViolation(violations[0]!)).toBe('src/low/x.ts: import "../high/a.js" (src/high/a.js) goes src/low -> src/high, which the table does not allow');
  });

  it("does not pass an edge on to a subfolder's parent, nor take a listed edge as transitive", () => {
    // src/high/inner may import src/high, but src/high may not import src/high/inner; suites may not reach src/low through src/high
    const files = [file("src/high/a.ts", `import "./inner/b.js";`), file("suites/d.test.ts", `import { x } from "../src/low/x.js";`)];
    expect(checkImports(files, table).map((v) => `${v.from} -> ${v.to}`)).toEqual(["src/high -> src/high/inner", "suites -> src/low"]);
  });

  it("sees re-exports, type-only imports, dynamic and type-position import() and side-effect imports", () => {
    const text = [
      `export * from "../a/1.js";`,
      `export { b } from "../a/2.js";`,
      `import type { C } from "../a/3.js";`,
      `const d = await import("../a/4.js");`,
      `type E = import("../a/5.js").E;`,
      `import "../a/6.mjs";`,
    ].join("\n");
    expect(relativeImports(file("src/x/f.ts", text))).toEqual(["../a/1.js", "../a/2.js", "../a/3.js", "../a/4.js", "../a/5.js", "../a/6.mjs"]);
    expect(checkImports([file("src/high/f.ts", text.replaceAll("../a/", "../other/"))], table)).toHaveLength(6);
  });

  it("fails on an import of a file outside every folder of the table, and on a file outside it", () => {
    const violations = checkImports([file("src/high/a.ts", `import pkg from "../../package.json";`), file("tools/t.ts", `import { x } from "../src/low/x.js";`)], table);
    expect(violations.map((v) => [v.file, v.from, v.to])).toEqual([
      ["src/high/a.ts", "src/high", undefined],
      ["tools/t.ts", undefined, "src/low"],
    ]);
  });

  it("reports allowed entries that name no folder of the table", () => {
    expect(unknownFolders({ "src/a": ["src/b"], "src/c": ["src/a"] })).toEqual(["src/a -> src/b"]);
  });
});

describe("the circle finder", () => {
  const file = (path: string, text: string): SourceFile => ({ path, text });

  it("finds a mutual edge and a longer circle in a table, and nothing in one that runs one way", () => {
    expect(tableCircles({ a: ["b"], b: ["a"], c: ["d"], d: ["e"], e: ["c"], f: ["a"] })).toEqual(["a <-> b", "c <-> d <-> e"]);
    expect(tableCircles({ a: [], b: ["a"], c: ["a", "b"] })).toEqual([]);
  });

  it("finds two files that import each other, resolving `.js` to the `.ts` file and a folder to its index", () => {
    const files = [
      file("fake-bridge/app/page-model.ts", `import { assignLocators } from "./model-locators.js";`),
      file("fake-bridge/app/model-locators.ts", `import type { PageNode } from "./page-model.js";`),
      file("fake-bridge/app/x.ts", `import { y } from "../pages/index.js";`),
      file("fake-bridge/pages/index.ts", `import { fail } from "../app/x.js";`),
      file("fake-bridge/app/solo.ts", `import { z } from "zod";`),
    ];
    expect(fileCircles(files)).toEqual(["fake-bridge/app/model-locators.ts <-> fake-bridge/app/page-model.ts", "fake-bridge/app/x.ts <-> fake-bridge/pages/index.ts"]);
    expect(fileCircles(files.slice(2, 3))).toEqual([]);
  });

  it("takes a self-edge for no circle", () => {
    expect(circles(new Map([["a", new Set(["a"])]]))).toEqual([]);
  });
});
