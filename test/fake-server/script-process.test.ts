// The script of `ego-browser nodejs` runs in a process of its own that the fake app starts, as
// Ego Lite's app does: its parent is the app, the same for every invocation (the runtime keys
// state it keeps between invocations on process.ppid). The launcher relays the script's stdin,
// stdout, stderr and exit status unchanged; when the launcher dies, or the app, the script and
// what it started die too, within a bound.
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, type RunningApp } from "../../fake-bridge/server/control.js";
import { installFakeEgoLite } from "../../fake-bridge/server/install.js";
import { eventuallyGone, gone } from "../support/processes.js";
import { fakeInstall, lastJson, runLauncher, type FakeInstall } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

/** how long after the launcher (or the app) died the script and its child may still be seen */
const DEATH_BOUND_MS = 3000;

const apps: RunningApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => undefined);
});

/** A fake app as its own process (not this test's), with a launcher installed for it. */
async function appProcessWithLauncher(label: string): Promise<{ app: RunningApp; cli: string }> {
  const root = await tempDir(label);
  const dir = join(root, "app");
  const app = await startFakeApp({ dir, closeDelayMs: 0 });
  apps.push(app);
  expect(app.pid).not.toBe(process.pid);
  const { cliPath } = await installFakeEgoLite({ dir: join(root, "inst"), appDir: dir });
  return { app, cli: cliPath };
}

/**
 * Starts a launcher whose script starts a child (`sleep`, in the script's process group), prints
 * both pids and then never ends; resolves once the line is printed.
 */
async function launcherWithLiveScript(cli: string) {
  const script = `
    const { spawn } = await import("node:child_process");
    const child = spawn("sleep", ["120"], { stdio: "ignore" });
    console.log(JSON.stringify({ pid: process.pid, ppid: process.ppid, child: child.pid }));
    setInterval(() => {}, 1000);`;
  const launcher = execa(cli, ["nodejs"], { input: script, reject: false, timeout: 60_000 });
  let out = "";
  const seen = await new Promise<{ pid: number; ppid: number; child: number }>((resolve, reject) => {
    launcher.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(lastJson(out));
    });
    void launcher.then((r) => reject(new Error(`the launcher ended before its script printed: ${r.exitCode} ${r.stderr}`)));
  });
  return { launcher, seen };
}

/** how long the app may take to stop counting an invocation whose processes are gone */
const COUNT_BOUND_MS = 2000;

/** The app's count of bridge connections, polled until it is 0 or `boundMs` passed. */
async function connectionsWithin(app: RunningApp, boundMs: number): Promise<number> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const count = (await app.describe()).bridgeConnections;
    if (count === 0 || Date.now() > deadline) return count;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // gone already
  }
}

describe("the script's process", () => {
  let app: RunningApp;
  let cli: string;
  beforeAll(async () => {
    ({ app, cli } = await appProcessWithLauncher("ppid"));
  }, 60_000);

  it("is a child of the app: two invocations see the same process.ppid, the app's pid", { timeout: 30_000 }, async () => {
    const probe = "console.log(JSON.stringify({ pid: process.pid, ppid: process.ppid }))";
    const first = execa(cli, ["nodejs", "-e", probe], { reject: false, stdin: "ignore" });
    const second = execa(cli, ["nodejs", "-e", probe], { reject: false, stdin: "ignore" });
    const [a, b] = await Promise.all([first, second]);
    expect(a.exitCode, a.stderr).toBe(0);
    expect(b.exitCode, b.stderr).toBe(0);
    const [sa, sb] = [lastJson(a.stdout), lastJson(b.stdout)];
    expect(sa.ppid).toBe(app.pid);
    expect(sb.ppid).toBe(app.pid);
    // each invocation has a script process of its own, and neither is the launcher
    expect(sa.pid).not.toBe(sb.pid);
    expect([sa.pid, sb.pid]).not.toContain(first.pid);
    expect([sa.pid, sb.pid]).not.toContain(second.pid);
  });

  it(`dies with its launcher: a killed launcher leaves no script process, nor its child, after ${DEATH_BOUND_MS} ms`, { timeout: 30_000 }, async () => {
    const { launcher, seen } = await launcherWithLiveScript(cli);
    try {
      expect(seen.ppid).toBe(app.pid);
      expect(gone(seen.pid)).toBe(false);
      expect(gone(seen.child)).toBe(false);
      process.kill(launcher.pid!, "SIGKILL"); // the launcher alone, not its group
      await launcher;
      const killedAt = Date.now();
      expect(await eventuallyGone(seen.pid, DEATH_BOUND_MS)).toBe(true);
      expect(await eventuallyGone(seen.child, DEATH_BOUND_MS - (Date.now() - killedAt))).toBe(true);
      // and the app no longer counts the invocation. "Gone" above includes a zombie the app has not
      // reaped yet; the app then reads the pipes for up to 500 ms (STREAM_GRACE_MS) before it
      // counts the invocation ended: asked once at once, CI saw 1 (the count lags, it is not wrong)
      expect(await connectionsWithin(app, COUNT_BOUND_MS), `the invocation still counted after ${COUNT_BOUND_MS} ms`).toBe(0);
    } finally {
      killQuietly(seen.pid);
      killQuietly(seen.child);
    }
  });
});

describe("when the app dies", () => {
  it(`the script and its child are gone within ${DEATH_BOUND_MS} ms, and the launcher ends saying so`, { timeout: 60_000 }, async () => {
    const { app, cli } = await appProcessWithLauncher("app-death");
    const { launcher, seen } = await launcherWithLiveScript(cli);
    try {
      process.kill(app.pid, "SIGKILL");
      const ended = await launcher;
      expect(ended.exitCode).toBe(1);
      expect(ended.stderr).toMatch(/lost the connection to the ego lite app/);
      expect(await eventuallyGone(seen.pid, DEATH_BOUND_MS)).toBe(true);
      expect(await eventuallyGone(seen.child, DEATH_BOUND_MS)).toBe(true);
    } finally {
      killQuietly(seen.pid);
      killQuietly(seen.child);
    }
  });
});

describe("what the caller sees is the script's", () => {
  let fake: FakeInstall;
  beforeAll(async () => {
    fake = await fakeInstall();
  });
  afterAll(async () => fake?.close());

  it("with -e, the script reads the caller's stdin", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", `let s = ""; for await (const c of process.stdin) s += c; console.log(JSON.stringify(s));`], { input: "line one\nline two\n" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(lastJson(r.stdout)).toBe("line one\nline two\n");
  });

  it("stdout and stderr arrive whole, each in its order, before the exit status", async () => {
    const script = `
      for (let i = 0; i < 2000; i++) { process.stdout.write("out " + i + " " + "x".repeat(500) + "\\n"); process.stderr.write("err " + i + "\\n"); }
      process.exitCode = 7;`;
    const r = await runLauncher(fake.cli, ["nodejs"], { input: script });
    expect(r.exitCode).toBe(7);
    const out = r.stdout.split("\n");
    const err = r.stderr.split("\n");
    expect(out).toHaveLength(2000);
    expect(err).toHaveLength(2000);
    expect(out.every((line, i) => line === `out ${i} ${"x".repeat(500)}`)).toBe(true);
    expect(err.every((line, i) => line === `err ${i}`)).toBe(true);
  });

  it("a script killed by a signal ends the launcher by the same signal", async () => {
    const r = await runLauncher(fake.cli, ["nodejs", "-e", `console.log("before"); process.kill(process.pid, "SIGTERM"); setInterval(() => {}, 1000);`]);
    expect(r.signal).toBe("SIGTERM");
    expect(r.stdout).toBe("before");
  });
});
