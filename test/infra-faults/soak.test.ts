/**
 * The soak script, small: every invocation accounted for, nothing leaked, and its seed replays
 * the same faults (the invocations are sequential, so the app meets the same calls in the same order).
 */
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, test } from "vitest";
import { PROJECT_ROOT } from "../cli/run-cli.js";

interface SoakReport {
  seed: number;
  invocations: number;
  counts: { passed: number; flaky: number; broken: number; failed: number };
  accounted: number;
  unaccounted: number;
  injected: Record<string, number>;
  faultsDigest: string;
  bridge: { invocations: number; calls: number };
  leaks: Record<string, string[]>;
  ok: boolean;
}

async function soak(n: number, seed: number): Promise<SoakReport> {
  const child = await execa(process.execPath, ["--import", "tsx", join(PROJECT_ROOT, "scripts/soak.ts"), "--invocations", String(n), "--seed", String(seed), "--json"], { cwd: PROJECT_ROOT, reject: false, timeout: 180_000, stdin: "ignore" });
  return JSON.parse(child.stdout) as SoakReport;
}

describe("npm run soak", () => {
  test("accounts for every invocation, leaks nothing, and replays its faults from the seed", async () => {
    const first = await soak(20, 1);
    expect(first.leaks).toEqual({});
    expect(first.accounted).toBe(20);
    expect(first.unaccounted).toBe(0);
    expect(first.counts.failed).toBe(0);
    expect(Object.values(first.injected).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(first.ok).toBe(true);
    const again = await soak(20, 1);
    expect(again.injected).toEqual(first.injected);
    expect(again.bridge).toEqual(first.bridge);
    expect(again.faultsDigest).toBe(first.faultsDigest);
    expect(again.counts).toEqual(first.counts);
  }, 360_000);
});
