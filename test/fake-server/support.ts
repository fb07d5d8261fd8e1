/** A fake app server (in this process) with a fake `ego-browser` installed for it, in a temp dir. */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { createFakeAppServer, type FakeAppServer, type FakeAppServerOptions } from "../../fake-bridge/server/app-server.js";
import { installFakeEgoLite, type InstalledFakeEgoLite, type InstallOptions } from "../../fake-bridge/server/install.js";
import { tempDir } from "../support/temp-dir.js";

export interface FakeInstall {
  root: string;
  server: FakeAppServer;
  installed: InstalledFakeEgoLite;
  cli: string;
  /** another launcher for the same app, with other install-time options */
  install(options: Omit<InstallOptions, "dir" | "appDir">): Promise<InstalledFakeEgoLite>;
  close(): Promise<void>;
}

export async function fakeInstall(options: { server?: Omit<FakeAppServerOptions, "dir">; install?: Omit<InstallOptions, "dir" | "appDir"> } = {}): Promise<FakeInstall> {
  const root = await tempDir("fs");
  const appDir = join(root, "app");
  const server = createFakeAppServer({ ...options.server, dir: appDir });
  await server.listen();
  const installed = await installFakeEgoLite({ dir: join(root, "inst"), appDir, ...options.install });
  let n = 0;
  return {
    root,
    server,
    installed,
    cli: installed.cliPath,
    install: (more) => installFakeEgoLite({ dir: join(root, `inst-${++n}`), appDir, ...more }),
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Runs the launcher as a user would. */
export function runLauncher(cli: string, args: string[], options: { input?: string; env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {}) {
  return execa(cli, args, {
    reject: false,
    timeout: options.timeoutMs ?? 20_000,
    ...(options.input !== undefined ? { input: options.input } : { stdin: "ignore" as const }),
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
}

/** The last stdout line parsed as JSON (scripts print their findings as one JSON line). */
export function lastJson(stdout: string): any {
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]!);
}
