/**
 * The fake app under a plan (`fake start --infra-faults FILE` takes the same file) and its
 * installed launcher: a launcher fault is acted out before the script runs, a call fault answers
 * through the method's channel, and the app's log says what met which invocation and call.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import type { InfraFaultPlan } from "../../fake-bridge/infra-faults/index.js";
import { worldsClosedAfterAll } from "../installed/support.js";
import { tempDir } from "../support/temp-dir.js";

const world = worldsClosedAfterAll();

async function worldWith(plan: InfraFaultPlan) {
  const dir = await tempDir("infra-plan");
  const file = join(dir, "plan.json");
  await writeFile(file, JSON.stringify(plan));
  return world({ app: { infraFaults: file } });
}

const script = "const r = await ego.listTaskSpaces(); console.log(JSON.stringify(r));";

describe("the fake app and launcher under an infrastructure-fault plan", () => {
  it("a crashing launcher exits 70 without running the script", { timeout: 60_000 }, async () => {
    const w = await worldWith({ seed: 1, faults: [{ kind: "launcher-crash", probability: 1 }] });
    const run = await execa(w.installed.cliPath, ["nodejs", "-e", script], { reject: false, timeout: 30_000 });
    expect(run.exitCode).toBe(70);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/crashed \(injected infrastructure fault\)/);
    expect(w.server.infraFaults?.injected).toEqual([{ invocation: 0, kind: "launcher-crash" }]);
  });

  it("a garbling launcher prints the seed's garbage and exits 0 without running the script; the same seed prints the same bytes", { timeout: 60_000 }, async () => {
    const plan: InfraFaultPlan = { seed: 9, faults: [{ kind: "launcher-garbage", probability: 1 }] };
    const outputs = [];
    for (const w of [await worldWith(plan), await worldWith(plan)]) {
      const run = await execa(w.installed.cliPath, ["nodejs", "-e", script], { reject: false, timeout: 30_000, encoding: "buffer" });
      expect(run.exitCode).toBe(0);
      expect(run.stdout.length).toBeGreaterThanOrEqual(16);
      expect(Buffer.from(run.stdout).toString("latin1")).not.toContain("taskSpaces");
      outputs.push(Buffer.from(run.stdout).toString("hex"));
    }
    expect(outputs[0]).toBe(outputs[1]);
  });

  it("a call fault answers with the contract's code through the method's channel, in the launcher too", { timeout: 60_000 }, async () => {
    const w = await worldWith({ seed: 2, faults: [{ kind: "invalid-payload", probability: 1 }] });
    const run = await execa(w.installed.cliPath, ["nodejs", "-e", script], { reject: false, timeout: 30_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ error_code: "EGO_INVALID_RESULT_PAYLOAD" });
    // every call of the invocation (the app's bundled SDK may make one of its own first) met it
    const injected = w.server.infraFaults?.injected ?? [];
    expect(injected.length).toBe(w.server.infraFaults?.counts.calls);
    expect(injected.every((f) => f.invocation === 0 && f.kind === "invalid-payload")).toBe(true);
  });
});
