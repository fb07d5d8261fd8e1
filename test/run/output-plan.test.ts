// `--outcomes` inside the `--report` directory was once refused only after the
// whole run (when the report was swapped in). Every output path of a run is checked against the
// others before anything runs: a file the run writes may not lie inside a directory the run empties
// or replaces (--results, --report), whichever way it is spelled.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkRunOutputs } from "../../src/run/index.js";
import type { RunOptions } from "../../src/run/options.js";
import { OutputPathError } from "../../src/files/output-dir.js";
import { tempDir } from "../support/temp-dir.js";

async function options(over: (root: string) => Partial<RunOptions>): Promise<RunOptions> {
  const root = await tempDir("output-plan");
  return { target: "fake", areas: [], json: false, mutants: [], resultsDir: join(root, "results"), reportDir: join(root, "report"), report: true, outcomesFile: join(root, "o.json"), ...over(root) } as RunOptions;
}

describe("a run's output paths are checked together, before it starts", () => {
  it.each([
    ["--outcomes inside --report", (r: string) => ({ outcomesFile: join(r, "report", "o.json") })],
    ["--outcomes deep inside --report", (r: string) => ({ outcomesFile: join(r, "report", "a", "b", "o.json") })],
    ["--outcomes inside --results", (r: string) => ({ outcomesFile: join(r, "results", "o.json") })],
    ["--outcomes spelled with .. into --report", (r: string) => ({ outcomesFile: join(r, "x", "..", "report", "o.json") })],
    ["--expectations --write inside --results", (r: string) => ({ expectationsFile: join(r, "results", "e.json"), updateExpectations: "write" as const })],
  ])("%s is refused", async (_what, over) => {
    const given = await options(over);
    await expect(checkRunOutputs(given)).rejects.toBeInstanceOf(OutputPathError);
    await expect(checkRunOutputs(given)).rejects.toThrow(/inside/);
  });

  it("--outcomes inside --report is allowed with --no-report (no report is written)", async () => {
    await expect(checkRunOutputs(await options((r) => ({ report: false, outcomesFile: join(r, "report", "o.json") })))).resolves.toBeUndefined();
  });

  it("outputs side by side are accepted", async () => {
    await expect(checkRunOutputs(await options(() => ({})))).resolves.toBeUndefined();
    await expect(checkRunOutputs(await options((r) => ({ outcomesFile: join(r, "report-outcomes.json") })))).resolves.toBeUndefined();
  });
});
