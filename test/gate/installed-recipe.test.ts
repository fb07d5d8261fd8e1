// The README's release-gating recipe as a release manager types it, in one scratch directory, on
// the fake app standing in for an installed build and without --operator: `run --target installed`
// writes reports/outcomes.json, `gate` (no baseline: a first release) judges the contract and
// ships, listing the operator's clauses as not judged here; `baseline save --dir D` and
// `gate --baseline VERSION --dir D` then find that baseline and ship too.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";

let appDir: string | undefined;
afterAll(async () => {
  if (appDir !== undefined) await runCli(["fake", "stop", "--dir", appDir]);
});

describe("the README's gate recipe on an installed build", () => {
  it("a build that passes every clause it can be judged on ships, first against the contract, then against its saved baseline", { timeout: 300_000 }, async () => {
    const scratch = await tempDir("recipe");
    appDir = join(scratch, "app");
    const bin = join(scratch, "bin");
    const inScratch = { cwd: scratch };
    const start = await runCli(["fake", "start", "--dir", appDir], inScratch);
    expect(start.exitCode, start.stderr).toBe(0);
    const install = await runCli(["fake", "install", bin, "--dir", appDir], inScratch);
    expect(install.exitCode, install.stderr).toBe(0);

    // --no-slow: the slow clause waits minutes of real time; it is then not judged here, as the gate says
    const run = await runCli(["run", "--target", "installed", "--ego-browser", join(bin, "ego-browser"), "--no-slow", "--no-report", "--json"], { ...inScratch, timeoutMs: 240_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.totals["not-applicable"]).toBeGreaterThan(0);

    const gate = await runCli(["gate"], inScratch);
    expect(gate.exitCode, `${gate.stdout}\n${gate.stderr}`).toBe(0);
    expect(gate.stdout).toMatch(/^SHIP: /m);
    expect(gate.stdout).toMatch(/clause\(s\) not judged here/);
    expect(gate.stdout).toContain("--operator");

    const json = await runCli(["gate", "--json"], inScratch);
    expect(json.exitCode, json.stderr).toBe(0);
    const decision = JSON.parse(json.stdout) as { ship: boolean; against: string; outcomes: Record<string, number>; notJudgedHere: { key: string; clauses: string[] }[] };
    expect(decision).toMatchObject({ ship: true, against: "contract" });
    // the gate counts what the run's own summary counts
    expect(decision.outcomes).toEqual(summary.totals);
    expect(decision.notJudgedHere.map((g) => g.key)).toContain("needs:operator");

    const baselines = join(scratch, "baselines");
    const save = await runCli(["baseline", "save", "--dir", baselines, "--json"], inScratch);
    expect(save.exitCode, save.stderr).toBe(0);
    expect(JSON.parse(save.stdout)).toMatchObject({ key: "0.5.1.13", file: join(baselines, "0.5.1.13.json") });
    const again = await runCli(["gate", "--baseline", "0.5.1.13", "--dir", baselines], inScratch);
    expect(again.exitCode, `${again.stdout}\n${again.stderr}`).toBe(0);
    expect(again.stdout).toContain(join(baselines, "0.5.1.13.json"));
    expect(again.stdout).toMatch(/^SHIP: /m);
  });
});
