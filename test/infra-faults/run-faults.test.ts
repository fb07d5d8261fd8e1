/**
 * `run --infra-faults FILE` and `--fail-on-flaky` through the real CLI: a seeded plan whose first
 * invocation's task host disconnects makes the clause pass on its retry, so the result is flaky
 * (label outcome=flaky, statusDetails.flaky, the retried error named); `--fail-on-flaky` turns
 * that into exit 1; a bad plan is exit 2 with a message naming the file and the path inside it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { disconnectAfterOf, type InfraFaultPlan } from "../../fake-bridge/infra-faults/index.js";
import { LABEL } from "../../src/labels/labels.js";
import { labelValue, readResults } from "../../src/report/results-reader.js";
import { runCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

const CLAUSE = "browser-version.result-shape";

/** A seed whose invocation 0 disconnects at once and whose next invocations do not. */
function flakyPlan(): InfraFaultPlan {
  for (let seed = 0; seed < 100_000; seed++) {
    const plan: InfraFaultPlan = { seed, faults: [{ kind: "task-host-disconnect", probability: 0.5, afterCalls: 0 }] };
    if (disconnectAfterOf(plan, 0) === 0 && [1, 2, 3, 4, 5, 6].every((n) => disconnectAfterOf(plan, n) === undefined)) return plan;
  }
  throw new Error("no such seed");
}

describe("run --infra-faults FILE", () => {
  let dir: string;
  let planFile: string;
  beforeAll(async () => {
    dir = await tempDir("run-faults");
    planFile = join(dir, "plan.json");
    await writeFile(planFile, JSON.stringify(flakyPlan()));
  });
  const args = (name: string) => ["run", "--grep", CLAUSE.replaceAll(".", "\\."), "--no-report", "--json", "--infra-faults", planFile, "--results", join(dir, name, "results"), "--outcomes", join(dir, name, "outcomes.json"), "--no-expectations"];

  test("a pass after an infrastructure retry is flaky: recorded as such, exit 0 without --fail-on-flaky", async () => {
    const child = await runCli(args("plain"));
    expect(child.exitCode, child.stderr).toBe(0);
    const summary = JSON.parse(child.stdout) as { totals: Record<string, number>; clauses: { id: string; status: string }[] };
    expect(summary.totals.flaky).toBe(1);
    expect(summary.clauses.find((c) => c.id === CLAUSE)?.status).toBe("flaky");
    const results = (await readResults(join(dir, "plain", "results"))).filter((r) => labelValue(r, LABEL.clause) === CLAUSE);
    expect(results).toHaveLength(1);
    expect(results[0]!.status).toBe("passed");
    expect(labelValue(results[0]!, LABEL.outcome)).toBe("flaky");
    const raw = JSON.parse(await readFile(results[0]!.file, "utf8")) as { statusDetails?: { flaky?: boolean } };
    expect(raw.statusDetails?.flaky).toBe(true);
    expect(results[0]!.message).toBe("passed only after retrying an infrastructure error: EGO_TASK_HOST_DISCONNECTED");
  }, 180_000);

  test("the same plan replays the same run: --fail-on-flaky exits 1 on it", async () => {
    const child = await runCli([...args("ci"), "--fail-on-flaky"]);
    expect(child.exitCode, child.stderr).toBe(1);
    expect(child.stderr).toMatch(/--fail-on-flaky: 1 flaky result \(passed only after an infrastructure retry\) fails the run/);
  }, 180_000);

  test("--target installed with a CLI that is not the harness's fake cannot take a plan: exit 2", async () => {
    const child = await runCli(["run", "--target", "installed", "--ego-browser", "/bin/true", "--no-report", "--infra-faults", planFile, "--results", join(dir, "real", "results"), "--outcomes", join(dir, "real", "outcomes.json")]);
    expect(child.exitCode).toBe(2);
    expect(child.stderr).toMatch(/--infra-faults injects infrastructure faults into the fake app/);
  }, 60_000);

  test("a plan that is not valid is exit 2, naming the file and the path inside it, before anything runs", async () => {
    const bad = join(dir, "bad.json");
    await writeFile(bad, JSON.stringify({ seed: 1, faults: [{ kind: "latency", probability: 1.5, jitterMs: 3 }] }));
    const child = await runCli(["run", "--no-report", "--infra-faults", bad, "--results", join(dir, "bad", "results"), "--outcomes", join(dir, "bad", "outcomes.json")]);
    expect(child.exitCode).toBe(2);
    expect(child.stderr).toContain(bad);
    expect(child.stderr).toMatch(/faults\[0\]\.probability/);
    expect(child.stderr).not.toMatch(/\n\s+at .*\.ts:\d+/);
  }, 60_000);
});
