/**
 * The fake `ego-browser` launcher, bundled into one plain .mjs at install time
 * (../server/launcher-bundle.ts) and started by the installed shell wrapper. Before the script
 * runs, it replaces the caller's environment with the config's `scriptEnv` (HOME and PATH), so
 * the caller's variables never reach the script; only the app's environment-forwarded fault
 * hands them on (clause launcher.environment.not-forwarded).
 *
 *   ego-browser nodejs [--sdk-path PATH] [-e CODE]      (script on stdin otherwise)
 *
 * Like the real host: connect to the app, put the binding on globalThis.ego, import the SDK
 * (--sdk-path, else the app's bundled SDK), then compile and run the script with top-level await,
 * in the app's working directory. argv: <config.json> <the caller's arguments...>
 */
import { spawn } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createPortBinding } from "../binding/create-binding.js";
import { connectSocketPort } from "../server/socket-port.js";
import { syncRequester } from "../server/sync-request.js";
import type { LaunchFault } from "../infra-faults/inject.js";
import { installExitQuirk } from "./exit-quirk.js";
import { LAUNCHER_USAGE, parseLauncherArgs } from "./launcher-args.js";
import { parseLauncherConfig, type LauncherConfig } from "./launcher-config.js";
import { runScript } from "./run-script.js";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * An infrastructure fault of the app's plan (../infra-faults): the launcher crashes (exit 70, a
 * line on stderr), or prints garbage on both streams and exits 0, without running the script.
 */
function actOutLaunchFault(fault: LaunchFault): void {
  if (fault.kind === "launcher-crash") {
    process.stderr.write("ego-browser: the task host crashed (injected infrastructure fault)\n");
    process.exit(70);
  }
  const bytes = Buffer.from(fault.bytes, "base64");
  process.stdout.write(bytes);
  process.stderr.write(bytes.subarray(0, Math.ceil(bytes.length / 2)), () => process.exit(0));
}

/** The script's environment is the config's, not the caller's. */
function replaceEnvironment(env: Record<string, string>): void {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
}

function hangForever(): void {
  setInterval(() => {}, 1 << 30);
}

/** A child in its own session (out of reach of a process-group kill) that holds our stdout and stderr. */
function leaveBackgroundChild(config: LauncherConfig): void {
  const child = spawn(process.execPath, ["-e", `setTimeout(() => {}, ${config.backgroundChildMs})`], { detached: true, stdio: ["ignore", "inherit", "inherit"] });
  if (child.pid !== undefined) appendFileSync(join(config.workDir, "..", "background-children"), `${child.pid}\n`);
  child.unref();
}

/** Output without pause, on both streams, until the process ends. */
function flood(): void {
  const line = `${"flood ".repeat(1000)}\n`;
  const timer = setInterval(() => {
    process.stdout.write(line);
    process.stderr.write(line);
  }, 1);
  timer.unref();
}

async function launch(config: LauncherConfig, argv: string[]): Promise<void> {
  if (config.hang) return hangForever();
  const command = parseLauncherArgs(argv, { acceptsSdkPath: !config.rejectSdkPath });
  if (command.kind === "help") {
    process.stdout.write(LAUNCHER_USAGE);
    return;
  }
  if (command.kind === "error") {
    process.stderr.write(`${command.message}\n`);
    process.exitCode = command.exitCode;
    return;
  }
  const sdkPath = command.sdkPath === undefined ? undefined : resolve(command.sdkPath); // a relative --sdk-path is the caller's
  const script = command.code ?? (await readStdin());
  if (config.backgroundChildMs > 0) leaveBackgroundChild(config);
  if (config.flood) flood();
  if (config.dieAfterMs > 0) setTimeout(() => process.kill(process.pid, "SIGKILL"), config.dieAfterMs).unref();
  process.chdir(config.workDir);
  if (config.exitQuirk) installExitQuirk();
  let port;
  try {
    port = await connectSocketPort(config.appSocket, { sendSync: syncRequester(config.appSocket) });
  } catch (error) {
    process.stderr.write(`ego-browser: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  if (port.welcome.launch) return actOutLaunchFault(port.welcome.launch);
  if (!port.behaviour.environmentForwarded) replaceEnvironment(config.scriptEnv);
  (globalThis as { ego?: unknown }).ego = createPortBinding(port);
  // the sdk-path-hook-differs fault: a host whose hook takes the SDK's package folder
  const sdk = sdkPath === undefined ? config.bundledSdk : port.behaviour.sdkPathHookDiffers ? join(sdkPath, "dist", "out", "index.js") : sdkPath;
  try {
    await import(pathToFileURL(sdk).href);
  } catch (error) {
    process.stderr.write(`ego-browser: cannot load the SDK at ${sdk}: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  await runScript(script);
}

const [configPath, ...argv] = process.argv.slice(2);
if (configPath === undefined) {
  process.stderr.write("ego-browser: this launcher was not installed properly (no config)\n");
  process.exitCode = 1;
} else {
  await launch(parseLauncherConfig(readFileSync(configPath, "utf8"), configPath), argv);
}
