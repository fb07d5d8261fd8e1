/**
 * The script's own process for one `ego-browser nodejs` invocation, a child of the fake app: puts the
 * binding on globalThis.ego, imports the SDK, runs the script. If the app dies this process kills its
 * own process group, so no script outlives the app that runs it.
 */
import { Socket } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createPortBinding } from "../binding/create-binding.js";
import type { BrowserPort } from "../binding/port.js";
import type { HostWelcome } from "../server/protocol.js";
import { portOverSocket } from "../server/socket-port.js";
import { syncRequester } from "../server/sync-request.js";
import { runScript } from "./run-script.js";

const CHANNEL_FD = 3;
const APP_WATCH_MS = 200;

/** Kills this process's group once its parent (the app) is no longer the one it started with. */
function dieWithTheApp(): void {
  const app = process.ppid;
  setInterval(() => {
    if (process.ppid === app) return;
    process.stderr.write("ego-browser: the ego lite app is gone; ending the script\n");
    try {
      process.kill(-process.pid, "SIGKILL"); // this process leads its group
    } catch {
      process.kill(process.pid, "SIGKILL");
    }
  }, APP_WATCH_MS).unref();
}

export async function hostScript(): Promise<void> {
  dieWithTheApp();
  let sync: BrowserPort["sendSync"];
  let appSocket: string | undefined;
  let port;
  try {
    // the synchronous channel (one mutant needs it) has its own connection, opened on first use
    const sendSync: NonNullable<BrowserPort["sendSync"]> = (request) => (sync ??= syncRequester(appSocket!))(request);
    port = await portOverSocket<HostWelcome>(new Socket({ fd: CHANNEL_FD, readable: true, writable: true }), { sendSync });
  } catch (error) {
    process.stderr.write(`ego-browser: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  const { run } = port.welcome;
  appSocket = run.appSocket;
  (globalThis as { ego?: unknown }).ego = createPortBinding(port);
  // the sdk-path-hook-differs mutant: a host whose hook takes the SDK's package folder
  const sdk = run.sdkPath === undefined ? run.bundledSdk : port.behaviour.sdkPathHookDiffers ? join(run.sdkPath, "dist", "out", "index.js") : run.sdkPath;
  try {
    await import(pathToFileURL(sdk).href);
  } catch (error) {
    process.stderr.write(`ego-browser: cannot load the SDK at ${sdk}: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  await runScript(run.script);
  // the invocation ends with its script: a CDP request still pending no longer holds it
  port.scriptEnded();
}
