// A launcher that kills and relaunches the shared browser mid-run: the
// invocations alive at that moment lose their raw CDP channel, and every message they send fails
// with "CDP channel is not open" (EGO_CDP_CHANNEL_UNAVAILABLE). That is the infrastructure's, not
// a deviation: each touched clause is retried (src/retries/retry.ts), then broken (or flaky, when a
// retry got through), never failed or precondition failed, and the terminal names the cause once.
// Before the infrastructure watch (src/probe/infra-watch.ts) read CDP pre-send failures, the same
// run failed the CDP clauses and the error-code clauses read through the CDP callback.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { InfraFaultPlan } from "../../fake-bridge/infra-faults/index.js";
import { preconditionOwnerOf } from "../../src/outcomes/of-error.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import { tempDir } from "../support/temp-dir.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "./support.js";

const world = worldsClosedAfterAll();

describe("a browser relaunched under the run (infra fault browser-relaunch)", () => {
  it("turns the results it touched into broken or flaky, none failed, and the terminal names the cause once", { timeout: 240_000 }, async () => {
    const dir = await tempDir("relaunch");
    const plan = join(dir, "plan.json");
    // every invocation sees the relaunch before its first call: its raw CDP channel is gone
    await writeFile(plan, JSON.stringify({ seed: 19, faults: [{ kind: "browser-relaunch", probability: 1, afterCalls: 0 }] } satisfies InfraFaultPlan));
    const w = await world({ app: { infraFaults: plan, pages: "model" } });
    const results = join(dir, "results");
    const outcomesFile = join(dir, "outcomes.json");
    // the clauses that send raw CDP (their titles name it), and the ones beside them that do not
    const run = await egoConformance(["run", "--target", "installed", "--no-slow", "--grep", "cdp|CDP", "--no-report", "--no-expectations", "--results", results, "--outcomes", outcomesFile], {
      env: cliEnv(w, { PATH: w.pathWithLauncher }),
      timeoutMs: 220_000,
    });
    const all = (await readResults(results)).filter((r) => labelValue(r, LABEL.clause) !== undefined);
    const touched = all.filter((r) => labelValue(r, LABEL.infraRetried) !== undefined);
    expect(touched.length, `results retried after an infrastructure error:\n${run.stdout}`).toBeGreaterThan(3);
    // no clause of the run is failed or precondition failed: the relaunch is nobody's contract
    const outcomes = JSON.parse(await readFile(outcomesFile, "utf8")) as { clauses: Record<string, { status: string; message?: string }> };
    const judged = Object.entries(outcomes.clauses);
    expect(judged.filter(([, c]) => c.status === "failed" || c.status === "precondition-failed").map(([id, c]) => `${id}: ${c.status}: ${c.message?.split("\n")[0]} ${preconditionOwnerOf(c.message) ?? ""}`)).toEqual([]);
    for (const r of touched) {
      const status = outcomes.clauses[labelValue(r, LABEL.clause)!]?.status;
      expect(["broken", "flaky"], `${labelValue(r, LABEL.clause)}: ${status}`).toContain(status);
      expect(labelValue(r, LABEL.infraRetried)).toBe("EGO_CDP_CHANNEL_UNAVAILABLE");
    }
    // each broken one says its cause on its first line, so the terminal groups them: named once
    const broken = judged.filter(([, c]) => c.status === "broken");
    expect(broken.length).toBeGreaterThan(0);
    for (const [id, c] of broken) expect(c.message?.split("\n")[0], id).toBe("infrastructure error: EGO_CDP_CHANNEL_UNAVAILABLE");
    // the terminal: one grouped line in the broken list, and (when it explains most of the run) one "One cause" sentence
    const naming = run.stdout.split("\n").filter((l) => l.includes("EGO_CDP_CHANNEL_UNAVAILABLE"));
    expect(naming.filter((l) => l.startsWith(`  ×${broken.length} infrastructure error: EGO_CDP_CHANNEL_UNAVAILABLE`)), run.stdout).toHaveLength(1);
    expect(naming.filter((l) => !l.startsWith("  ×") && !l.startsWith("One cause: ")), run.stdout).toEqual([]);
    expect(naming.length, run.stdout).toBeLessThanOrEqual(2);
    expect(run.exitCode, run.stderr).toBe(1);
  });
});
