// The target dies mid-run: the fake app behind the installed launcher goes away after some
// clauses have results. What was written before survives as it was; nothing after the death is
// green (each later clause is retried as an infrastructure error, then broken, or has no result
// and is unknown); the run exits non-zero.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readResults, labelValue } from "../../src/report/results-reader.js";
import { LABEL } from "../../src/labels/labels.js";
import type { JsonSummary } from "../cli/run-cli.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

describe("a target that dies mid-run", () => {
  it("keeps the results written before, makes nothing after it green, and exits non-zero", { timeout: 240_000 }, async () => {
    const w = await world();
    const results = await tempDir("inst-dying");
    const run = egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "task-spaces", "--no-slow", "--no-report", "--json", "--results", results, "--outcomes", join(await tempDir("inst-dying-o"), "outcomes.json")], { env: cliEnv(w), timeoutMs: 220_000 });
    // progress: six clauses have their results written (the progress line is printed only every 25 clauses off a terminal)
    const waitUntil = Date.now() + 150_000;
    while ((await readResults(results).catch(() => [])).length < 6) {
      if (Date.now() > waitUntil) throw new Error("the run made no progress within 150 s");
      await new Promise((r) => setTimeout(r, 50));
    }
    // the target dies: the app stops answering and its sockets go away
    const before = await readResults(results);
    const written = new Map(await Promise.all(before.map(async (r) => [r.file, await readFile(r.file, "utf8")] as const)));
    await w.server.close();
    const diedAt = Date.now();
    const ended = await run;

    expect(ended.exitCode, ended.stderr.slice(-3000)).not.toBe(0);
    expect(ended.exitCode).not.toBe(2);
    expect(before.some((r) => r.status === "passed")).toBe(true);
    // every result written before the death is still there, as it was (the expectations layer may add labels only)
    const after = await readResults(results);
    for (const r of before) {
      const now = after.find((x) => x.file === r.file);
      expect(now, r.file).toBeDefined();
      expect(now!.status).toBe(r.status);
      expect(JSON.parse(await readFile(r.file, "utf8")).uuid).toBe(JSON.parse(written.get(r.file)!).uuid);
    }
    // nothing that ended after the death is green
    const later = after.filter((r) => !written.has(r.file) && (r.stop ?? 0) > diedAt);
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) expect(r.status, labelValue(r, LABEL.clause)).not.toBe("passed");
    const summary = JSON.parse(ended.stdout) as JsonSummary;
    expect(summary.passed).toBe(false);
    expect((summary.totals.broken ?? 0) + (summary.totals.unknown ?? 0)).toBeGreaterThan(0);
  });
});
