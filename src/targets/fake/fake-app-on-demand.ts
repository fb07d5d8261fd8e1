/**
 * "The harness starts it when a run needs it": when an `ego-browser` that ego-conformance installed
 * names a fake app that is not running, an installed run starts it and stops it afterwards. Anything
 * else (a real Ego Lite, another host's CLI) is left exactly as it is.
 */
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseLauncherConfig } from "../../../fake-bridge/server/launcher-config.js";
import { fakeAppStatus, startFakeApp, type RunningApp } from "../../../fake-bridge/server/control.js";
import { INSTALLED_WRAPPER_MARK } from "../../../fake-bridge/server/install.js";

/** The fake app directory an installed fake launcher talks to, or undefined for any other CLI. */
export async function fakeAppDirOf(cliPath: string): Promise<string | undefined> {
  const text = await readFile(cliPath, "utf8").catch(() => undefined);
  if (text === undefined || text.length > 8192 || !text.includes(INSTALLED_WRAPPER_MARK)) return undefined;
  const configPath = /'([^']*\/config\.json)'/.exec(text)?.[1];
  if (configPath === undefined) return undefined;
  const config = parseLauncherConfig(await readFile(configPath, "utf8"), configPath);
  return dirname(config.appSocket);
}

/** Start the fake app behind `cliPath` when it is one of ours and not running; undefined otherwise. */
export async function startFakeAppIfNeeded(cliPath: string, extra: { infraFaults?: string } = {}): Promise<RunningApp | undefined> {
  const dir = await fakeAppDirOf(cliPath);
  if (dir === undefined) return undefined;
  if ((await fakeAppStatus({ dir })).running) return undefined;
  return startFakeApp({ dir, ...extra, lifetime: "command" });
}
