// End to end: a run whose --results another live run holds is refused at once
// (exit 2, the message names the directory and the holder) and writes nothing there.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockResultsDir } from "../../src/processes/results-lock.js";
import { runCli, STACK_LINE } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";

describe("two runs with the same --results", () => {
  it("refuses the second while the first holds it", { timeout: 60_000 }, async () => {
    const results = join(await tempDir("lock-cli"), "results");
    const held = await lockResultsDir(results, "20261202-020202-abcdef");
    try {
      const run = await runCli(["run", "--area", "browser-version", "--no-report", "--results", results], { timeoutMs: 50_000 });
      expect(run.exitCode, run.stderr).toBe(2);
      expect(run.stderr).toMatch(/is in use by run 20261202-020202-abcdef \(pid \d+\): one results directory belongs to one run/);
      expect(run.stderr).not.toMatch(STACK_LINE);
      expect(await readdir(results).catch(() => [])).toEqual([]);
    } finally {
      await held.release();
    }
  });
});
