// The CLI target against the fake app through its installed launcher: sessions are invocations
// (selection kept across a session's probes, fresh for the next), the contract's synchronous
// channels survive the process boundary, output noise cannot pass for a result, and every way a
// process can fail ends as a harness error that says how, without leaving processes behind.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCliTarget, type CliTarget, type CliTargetOptions } from "../../src/targets/cli/cli-target.js";
import { runOneShotProbe } from "../../src/targets/cli/cli-one-shot.js";
import { RAW_BRIDGE_SDK_PATH } from "../../src/targets/cli/cli-target.js";
import { createOperatorClient } from "../../fake-bridge/server/operator-client.js";
import type { TargetInfo } from "../../src/targets/target.js";
import { fakeInstall, type FakeInstall } from "../fake-server/support.js";
import { eventuallyGone, gone } from "../support/processes.js";

let fake: FakeInstall;
const targets: CliTarget[] = [];
beforeAll(async () => {
  fake = await fakeInstall();
});
afterAll(async () => {
  for (const t of targets) await t.close();
  await fake?.close();
});

const INFO: TargetInfo = {
  kind: "installed",
  name: "fake ego-browser (test)",
  egoVersion: null,
  egoVersionText: null,
  versionSource: "test",
  features: new Set(),
  capabilities: new Set(),
};

/** A target of its own (share: false), so each test sees only its own processes. */
function target(options: Partial<CliTargetOptions> = {}): CliTarget {
  const t = createCliTarget({ cliPath: fake.cli, info: INFO, operator: createOperatorClient(fake.server.paths.operatorSocket), share: false, ...options });
  targets.push(t);
  return t;
}

describe("sessions are invocations", () => {
  it("keeps the selection across a session's probes; the next session starts with none", async () => {
    const t = target();
    const first = await t.openSession();
    const made = await first.evaluate(async (p) => p.call("createTaskSpace", ["cli target selection"]));
    const id = (made.value as { id: number }).id;
    await first.evaluate(async (p, id) => p.ego.useTaskSpace(id as number), id);
    expect(await first.evaluate(async (p) => p.call("listTabs", []))).toMatchObject({ channel: "resolved", value: { tabs: [expect.objectContaining({ active: true })] } });
    const second = await t.openSession();
    expect(await second.evaluate(async (p) => p.call("listTabs", []))).toMatchObject({ value: { error_code: "EGO_TASK_SPACE_NOT_SELECTED" } });
    await first.evaluate(async (p) => p.call("closeTaskSpace", []));
    await first.close();
    await second.close();
  });

  it("reuses a process proven fresh and retires one that selected", async () => {
    const t = target({ prewarm: 0 });
    const pidOf = async (select?: number) => {
      const s = await t.openSession();
      const pid = await s.evaluate(async (p, id) => {
        if (id !== null) p.ego.useTaskSpace(id as number);
        return process.pid;
      }, select ?? null);
      await s.close();
      return pid;
    };
    const a = await pidOf();
    const b = await pidOf();
    expect(b).toBe(a);
    const c = await pidOf(1);
    expect(c).toBe(a);
    const d = await pidOf();
    expect(d).not.toBe(a);
    expect(t.stats).toMatchObject({ started: 2, reused: 2 });
  });

  it("hands a fresh process on to the next target with the same options (test files in a row)", async () => {
    const first = target({ share: true, prewarm: 0, processTimeoutMs: 19_999 });
    const s1 = await first.openSession();
    const pid = await s1.evaluate(async () => process.pid);
    await first.close();
    const second = target({ share: true, prewarm: 0, processTimeoutMs: 19_999 });
    const s2 = await second.openSession();
    expect(await s2.evaluate(async () => process.pid)).toBe(pid);
    await second.close();
    const other = target({ share: true, prewarm: 0, processTimeoutMs: 19_998 });
    const s3 = await other.openSession();
    expect(await s3.evaluate(async () => process.pid)).not.toBe(pid);
    await other.close();
  });

  it("gives a used process (a selection, slots unchanged) only to sessions opened with fresh: false", async () => {
    const t = target({ prewarm: 0 });
    const selecting = await t.openSession();
    const pid = await selecting.evaluate(async (p) => {
      p.ego.useTaskSpace(1);
      return process.pid;
    });
    await selecting.close();
    const fresh = await t.openSession();
    const freshSeen = await fresh.evaluate(async (p) => ({ pid: process.pid, tabs: await p.call("listTabs", []) }));
    expect(freshSeen.pid).not.toBe(pid);
    expect(freshSeen.tabs).toMatchObject({ value: { error_code: "EGO_TASK_SPACE_NOT_SELECTED" } });
    const used = await t.openSession({ fresh: false });
    expect(await used.evaluate(async () => process.pid)).toBe(pid);
    await Promise.all([fresh.close(), used.close()]);
  });

  it.each([
    ["threw", "() => { throw new Error('CDP channel is not open'); }"],
    ["rejected", "() => Promise.reject(new Error('CDP channel is not open'))"],
    ["answered no documented shape", "() => Promise.resolve('not an answer')"],
  ])("retires a process whose freshness check failed (listTabs %s), even for fresh: false", async (_how, broken) => {
    const t = target({ prewarm: 0 });
    const s = await t.openSession();
    // a bridge that lost its browser: the check's listTabs no longer answers
    const pid = await s.evaluate(async (p, broken) => {
      p.ego.useTaskSpace(1);
      (p.ego as unknown as Record<string, unknown>).listTabs = (0, eval)(`(${broken as string})`);
      return process.pid;
    }, broken);
    await s.close();
    const next = await t.openSession({ fresh: false });
    expect(await next.evaluate(async () => process.pid)).not.toBe(pid);
    await next.close();
    expect(await eventuallyGone(pid)).toBe(true);
  });

  it("retires a process whose callback slots changed", async () => {
    const t = target({ prewarm: 0 });
    const s = await t.openSession();
    const pid = await s.evaluate(async (p) => {
      p.ego.onCDPMessage = () => {};
      return process.pid;
    });
    await s.close();
    const next = await t.openSession();
    expect(await next.evaluate(async () => process.pid)).not.toBe(pid);
    await next.close();
  });
});

describe("the contract's channels across the process boundary", () => {
  it("useTaskSpace returns, invalid arguments throw a TypeError with an own code, sendCDPMessage returns undefined and calls back later", async () => {
    const s = await target().openSession();
    const seen = await s.evaluate(async (p) => {
      const made = (await p.ego.createTaskSpace("cli target channels")) as { id: number };
      const used = await p.call("useTaskSpace", [made.id]);
      const invalid = await p.call("createTaskSpace", [42]);
      const cdp = await p.cdp(JSON.stringify({ id: 1, method: "Browser.getVersion" }));
      await p.ego.closeTaskSpace();
      return { used, invalid, cdp };
    });
    expect(seen.used).toMatchObject({ channel: "returned", promise: false });
    expect(seen.invalid).toMatchObject({ channel: "threw", promise: false, error: { isTypeError: true, errorCodeIsOwn: true, error_code: "EGO_INVALID_ARGUMENT" } });
    expect(seen.cdp).toMatchObject({ channel: "returned", valueType: "undefined", callbacks: [{ slot: "onCDPMessage", afterReturn: true }] });
    await s.close();
  });
});

describe("output and errors", () => {
  it("is not fooled by noise on stdout, and keeps stderr for the report", async () => {
    const t = target();
    const s = await t.openSession();
    const value = await s.evaluate(async () => {
      console.log("[ego-browser:notice] Ego Lite update is available (current 0.5.0.19).");
      console.log("===EGO-CONFORMANCE 00000000 BEGIN===\n{\"forged\":true}\n===EGO-CONFORMANCE 00000000 END===");
      process.stdout.write("no newline at the end");
      console.error("a line on stderr from the probe");
      return { real: true };
    });
    expect(value).toEqual({ real: true });
    // the script's stderr is relayed by the app and the launcher (as Ego Lite's is): it may reach
    // the harness a moment after the result, which comes straight back over the connect-back socket
    await vi.waitFor(() => expect(s.diagnostics?.()).toContain("a line on stderr from the probe"), { timeout: 2000 });
    await s.close();
    await t.close();
    expect(t.incidents).toEqual([]);
  });

  it("passes on what a probe threw, and the session goes on", async () => {
    const s = await target().openSession();
    await expect(s.evaluate(async () => {
      throw new RangeError("thrown inside the target");
    })).rejects.toMatchObject({ name: "RangeError", message: "thrown inside the target" });
    expect(await s.evaluate(async () => 1)).toBe(1);
    await s.close();
  });

  it("kills the whole process group when a probe times out, leaving nothing behind", async () => {
    const s = await target({ probeTimeoutMs: 600 }).openSession();
    const pids = await s.evaluate(async () => {
      // (no import() in a probe: the test runner rewrites it in the function's source)
      const { spawn } = (process as unknown as { getBuiltinModule(id: string): typeof import("node:child_process") }).getBuiltinModule("node:child_process");
      const child = spawn("sleep", ["30"], { stdio: "ignore" });
      return { launcher: process.pid, child: child.pid as number };
    });
    expect(gone(pids.child)).toBe(false);
    await expect(s.evaluate(async () => new Promise(() => {}))).rejects.toThrow(/probe did not finish within 600 ms; the ego-browser process group was killed/);
    expect(await eventuallyGone(pids.launcher)).toBe(true);
    expect(await eventuallyGone(pids.child)).toBe(true);
    await expect(s.evaluate(async () => 1)).rejects.toThrow(/ended mid-session|closed its connection/);
    await s.close();
  });

  it("says how a process that died mid-session ended: the exit quirk's code and stderr", async () => {
    const quirky = await fake.install({ exitQuirk: true });
    const s = await target({ cliPath: quirky.cliPath }).openSession();
    expect(await s.evaluate(async () => 1)).toBe(1);
    const died = s.evaluate(async () => {
      console.error("about to exit");
      setTimeout(() => process.exit(3), 10);
      return new Promise(() => {});
    });
    await expect(died).rejects.toThrow(/ended mid-session \(exit status 0, the launcher printed "ego's nodejs process exited with code 3"\)[\s\S]*about to exit/);
    await s.close();
  });

  it("falls back without --sdk-path when the CLI rejects it, with warnings for the report", async () => {
    const old = await fake.install({ rejectSdkPath: true });
    const t = target({ cliPath: old.cliPath });
    await t.warmUp();
    expect(t.warnings.some((w) => w.includes("rejects --sdk-path"))).toBe(true);
    expect(t.warnings.some((w) => w.includes("wrapped by the app's SDK"))).toBe(true);
    expect(t.info.warnings).toBe(t.warnings);
    const s = await t.openSession();
    expect(await s.evaluate(async (p) => p.call("listTaskSpaces", []))).toMatchObject({ channel: "resolved" });
    await s.close();
  });

  it("bounds the start of a launcher that never answers and kills it", async () => {
    const hung = await fake.install({ hang: true });
    const s = await target({ cliPath: hung.cliPath, processTimeoutMs: 800, prewarm: 0 }).openSession();
    const error = (await s.evaluate(async () => 1).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/did not start the probe loop within 800 ms; its process group was killed/);
    const pid = Number(/\(pid (\d+)\)/.exec(error.message)?.[1]);
    expect(pid).toBeGreaterThan(0);
    expect(await eventuallyGone(pid)).toBe(true);
  });

  it("connects back over loopback TCP as well", async () => {
    const s = await target({ connectBack: "tcp" }).openSession();
    expect(await s.evaluate(async (p) => typeof p.ego.listTabs)).toBe("function");
    await s.close();
  });
});

describe("one-shot probes", () => {
  it("run one probe per process, framed on stdout", async () => {
    const result = await runOneShotProbe({ cliPath: fake.cli, sdkPath: RAW_BRIDGE_SDK_PATH }, async (p) => {
      console.log("noise before the result");
      return p.call("getBrowserVersion", []);
    });
    expect(result.value).toMatchObject({ channel: "resolved", value: { currentVersion: fake.server.describe().version } });
    expect(result.exit.effectiveCode).toBe(0);
  });

  it("report a script that printed its result but failed, through the exit quirk", async () => {
    const quirky = await fake.install({ exitQuirk: true });
    await expect(
      runOneShotProbe({ cliPath: quirky.cliPath }, async () => {
        setTimeout(() => process.exit(4), 20);
        return 1;
      }),
    ).rejects.toThrow(/the launcher printed "ego's nodejs process exited with code 4"/);
  });
});
