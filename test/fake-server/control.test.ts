// The fake app as its own long-lived process: started detached, found by status, holding state
// across launcher invocations, stopped gracefully; and the same through `ego-conformance fake`.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { appPaths } from "../../fake-bridge/server/app-dir.js";
import { fakeAppStatus, startFakeApp, stopFakeApp, type RunningApp } from "../../fake-bridge/server/control.js";
import { installFakeEgoLite } from "../../fake-bridge/server/install.js";
import { readAppState, writeAppState } from "../../fake-bridge/server/state-file.js";
import { fakeCommand } from "../../src/cli/fake.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { PROJECT_ROOT, runCli } from "../cli/run-cli.js";
import { gone } from "../support/processes.js";
import { lastJson, runLauncher } from "./support.js";
import { tempDir } from "../support/temp-dir.js";

const started: RunningApp[] = [];
afterAll(async () => {
  for (const app of started) await app.stop();
});

describe("a fake app process", () => {
  it("starts detached, reports its status, keeps state across launcher invocations and stops on SIGTERM", async () => {
    const root = await tempDir("proc");
    const dir = join(root, "app");
    const app = await startFakeApp({ dir, persona: undefined, mutants: [], closeDelayMs: 0 });
    started.push(app);
    expect(app.pid).not.toBe(process.pid);
    const state = await readAppState(appPaths(dir).stateFile);
    expect(state).toMatchObject({ pid: app.pid, bridgeSocket: appPaths(dir).bridgeSocket });
    const status = await fakeAppStatus({ dir });
    expect(status).toMatchObject({ running: true, pid: app.pid, bridgeSocket: appPaths(dir).bridgeSocket });
    await expect(startFakeApp({ dir })).rejects.toThrow(/already running/);

    const { cliPath } = await installFakeEgoLite({ dir: join(root, "inst"), appDir: dir });
    await runLauncher(cliPath, ["nodejs", "-e", "await ego.createTaskSpace('made by the first invocation')"]);
    const second = await runLauncher(cliPath, ["nodejs", "-e", "console.log(JSON.stringify((await ego.listTaskSpaces()).taskSpaces.map((s) => s.name)))"]);
    expect(lastJson(second.stdout)).toEqual(["made by the first invocation"]);

    const stopped = await stopFakeApp({ dir });
    expect(stopped).toEqual({ stopped: true, pid: app.pid, how: "SIGTERM" });
    expect(gone(app.pid)).toBe(true);
    expect(await readAppState(appPaths(dir).stateFile)).toBeUndefined();
    expect(await fakeAppStatus({ dir })).toMatchObject({ running: false });
  });

  it("of two started at once in one directory, the loser says only that the winner runs there", { timeout: 60_000 }, async () => {
    const dir = join(await tempDir("race"), "app");
    const settled = await Promise.allSettled([startFakeApp({ dir, pages: "model" }), startFakeApp({ dir, pages: "model" })]);
    for (const s of settled) if (s.status === "fulfilled") started.push(s.value);
    const won = settled.filter((s): s is PromiseFulfilledResult<RunningApp> => s.status === "fulfilled");
    const lost = settled.filter((s): s is PromiseRejectedResult => s.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const message = (lost[0]!.reason as Error).message;
    expect(message).toBe(`a fake app is already running in ${dir} (pid ${won[0]!.value.pid}); stop it first`);
  });

  it("treats a recorded pid that does not answer as stale: reported, removed, never signalled", async () => {
    const dir = join(await tempDir("stale"), "app");
    const { ensureAppDir } = await import("../../fake-bridge/server/app-dir.js");
    await ensureAppDir(dir);
    const paths = appPaths(dir);
    await writeAppState(paths.stateFile, {
      pid: process.pid, // alive, but not a fake app: must never be signalled
      bridgeSocket: paths.bridgeSocket,
      operatorSocket: paths.operatorSocket,
      version: "0.5.1.13",
      features: [],
      mutants: [],
      closeDelayMs: 0,
      startedAt: new Date().toISOString(),
    });
    expect(await fakeAppStatus({ dir })).toMatchObject({ running: false, stale: { pid: process.pid } });
    const result = await stopFakeApp({ dir });
    expect(result).toMatchObject({ stopped: false });
    expect(await readAppState(paths.stateFile)).toBeUndefined();
  });
});

describe("ego-conformance fake", () => {
  it("start --json and stop --json drive the same process", { timeout: 60_000 }, async () => {
    const dir = join(await tempDir("cli"), "app");
    const start = await runCli(["fake", "start", "--dir", dir, "--ego-version", "0.5.0.19", "--json"]);
    expect(start.exitCode, start.stderr).toBe(0);
    const seen = JSON.parse(start.stdout) as { running: boolean; pid: number; version: string; bridgeSocket: string; uptimeMs: number };
    expect(seen).toMatchObject({ running: true, version: "0.5.0.19", bridgeSocket: appPaths(dir).bridgeSocket });
    expect(seen.uptimeMs).toBeGreaterThanOrEqual(0);
    expect(await fakeAppStatus({ dir })).toMatchObject({ running: true, pid: seen.pid });
    const stop = await runCli(["fake", "stop", "--dir", dir, "--json"]);
    expect(JSON.parse(stop.stdout)).toEqual({ stopped: true, pid: seen.pid, how: "SIGTERM" });
    expect(await fakeAppStatus({ dir })).toMatchObject({ running: false });
  });

  it("start --dir RELATIVE resolves the directory once, in the caller's cwd: the app answers there, and nothing is left in the project root", { timeout: 60_000 }, async () => {
    const cwd = await tempDir("rel");
    const start = await runCli(["fake", "start", "--dir", "rel-app", "--json"], { cwd, timeoutMs: 40_000 });
    expect(start.exitCode, start.stderr).toBe(0);
    const seen = JSON.parse(start.stdout) as { running: boolean; pid: number; bridgeSocket: string };
    expect(seen).toMatchObject({ running: true, bridgeSocket: appPaths(join(cwd, "rel-app")).bridgeSocket });
    const stop = await runCli(["fake", "stop", "--dir", "rel-app", "--json"], { cwd });
    expect(JSON.parse(stop.stdout)).toEqual({ stopped: true, pid: seen.pid, how: "SIGTERM" });
    expect(gone(seen.pid)).toBe(true);
    expect(existsSync(join(PROJECT_ROOT, "rel-app")), "nothing made relative to the project root").toBe(false);
    expect(existsSync(appPaths(join(cwd, "rel-app")).stateFile), "no stale app.json").toBe(false);
  });

  it("rejects an unknown mutant as a usage error, before starting anything", async () => {
    const dir = join(await tempDir("bad"), "app");
    await expect(fakeCommand(["start", "--dir", dir, "--mutant", "no-such-mutant"])).rejects.toThrow(UsageError);
    await expect(fakeCommand(["start", "--dir", dir, "--mutant", "no-such-mutant"])).rejects.toThrow(/unknown mutant 'no-such-mutant'/);
    expect(await fakeAppStatus({ dir })).toMatchObject({ running: false });
    await expect(fakeCommand(["launch"])).rejects.toThrow(/unknown fake subcommand/);
  });
});
