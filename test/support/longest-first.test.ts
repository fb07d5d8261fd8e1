import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LONGEST, longestFirst } from "./longest-first.js";
import { PROJECT_ROOT } from "./times/test-times.js";
import { E2E_TESTS } from "../../vitest.selftest.config.js";

describe("the self-tests' order: longest first", () => {
  it("names only e2e files that exist", () => {
    for (const file of LONGEST) {
      expect(existsSync(join(PROJECT_ROOT, file)), file).toBe(true);
      expect(E2E_TESTS.some((pattern) => pattern === file || (pattern.endsWith("/**/*.test.ts") && file.startsWith(pattern.slice(0, -"**/*.test.ts".length)))), `${file} is an e2e file`).toBe(true);
    }
    expect(new Set(LONGEST).size).toBe(LONGEST.length);
  });

  it("moves the longest files to the front of their project, in the list's order, and keeps the rest in vitest's order", () => {
    const files = [
      { p: "unit", f: "test/a.test.ts" },
      { p: "unit", f: "test/b.test.ts" },
      { p: "e2e", f: "test/x.test.ts" },
      { p: "e2e", f: LONGEST[2] },
      { p: "e2e", f: "test/y.test.ts" },
      { p: "e2e", f: LONGEST[0] },
    ];
    const order = longestFirst(files, (x) => x.f, (x) => x.p).map((x) => x.f);
    expect(order).toEqual(["test/a.test.ts", "test/b.test.ts", LONGEST[0], LONGEST[2], "test/x.test.ts", "test/y.test.ts"]);
  });

  it("never moves a file across projects", () => {
    const files = [
      { p: "unit", f: "test/a.test.ts" },
      { p: "e2e", f: "test/x.test.ts" },
      { p: "e2e", f: LONGEST[0] },
    ];
    // a long file named in the unit project stays in it
    const order = longestFirst([...files, { p: "unit", f: LONGEST[1] }], (x) => x.f, (x) => x.p);
    expect(order.map((x) => x.p)).toEqual(["unit", "unit", "e2e", "e2e"]);
  });
});
