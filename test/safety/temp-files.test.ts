// A run cleans up after itself: what it puts in the temp directory (the fake's Chromium profile
// directories, the CLI target's connect-back socket directory) is gone when `ego-conformance run`
// exits, including what a vitest worker made and never got to remove (vitest ends its worker
// threads without an exit event, so a worker's own cleanup cannot be relied on). Each run here
// gets a temp directory of its own (TMPDIR), so what is left in it is what the run left.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, installedWorld, type InstalledWorld } from "../installed/support.js";
import { tempDir } from "../support/temp-dir.js";

/** What may be there after a run: tsx's compile cache (`tsx-<uid>`, tsx's own, shared by every run and reused, not a run's leftover). */
const left = async (dir: string) => (await readdir(dir)).filter((name) => !/^tsx-\d+$/.test(name));


describe("a run leaves nothing in the temp directory", () => {
  it("in process, with real pages from Chromium", { timeout: 120_000 }, async () => {
    const tmp = await tempDir("tmp-inproc");
    const results = join(await tempDir("tmp-inproc-out"), "results");
    const run = await runCli(["run", "--area", "tabs", "--pages", "chromium", "--no-report", "--json", "--results", results], { env: { ...process.env, TMPDIR: tmp } as Record<string, string> });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    // the tabs clauses ran on real pages: a browser was started, so there was something to clean up
    expect(summary.clauses.filter((c) => c.status === "passed").length).toBeGreaterThan(3);
    expect(await left(tmp)).toEqual([]);
  });

  describe("on an installed target (the CLI target's processes and their connect-back socket)", () => {
    let world: InstalledWorld;
    beforeAll(async () => {
      world = await installedWorld();
    });
    afterAll(async () => world?.close());

    it("leaves nothing", { timeout: 120_000 }, async () => {
      const tmp = await tempDir("tmp-inst");
      const results = join(await tempDir("tmp-inst-out"), "results");
      const run = await egoConformance(["run", "--target", "installed", "--area", "tabs", "--operator", world.operatorSocket, "--no-report", "--json", "--results", results], {
        env: cliEnv(world, { PATH: world.pathWithLauncher, TMPDIR: tmp }),
      });
      expect(run.exitCode, run.stderr).toBe(0);
      expect((JSON.parse(run.stdout) as JsonSummary).passed).toBe(true);
      expect(await left(tmp)).toEqual([]);
    });
  });
});
