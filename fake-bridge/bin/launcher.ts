/**
 * The fake `ego-browser nodejs [--sdk-path PATH] [-e CODE]` launcher. Like the real one it does not run
 * the script: the app runs it in a child of its own with the app's environment, never the caller's,
 * and the launcher relays stdin, output and the end. argv: <config.json> <the caller's arguments...>.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { appendToRegularFile } from "../../src/files/append-file.js";
import { constants } from "node:os";
import { resolve, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LaunchFault } from "../infra-faults/inject.js";
import { SCRIPT_HOST_FLAG, type RunLine, type RunRequest } from "../server/protocol.js";
import { connectForRun } from "../server/run-client.js";
import { behaviourOf } from "../server/socket-port.js";
import { exitQuirkText } from "./exit-quirk.js";
import { LAUNCHER_USAGE, parseLauncherArgs } from "./launcher-args.js";
import { parseLauncherConfig, type LauncherConfig } from "../server/launcher-config.js";
import { hostScript } from "./script-host.js";

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

function hangForever(): void {
  setInterval(() => {}, 1 << 30);
}

/** A child in its own session (out of reach of a process-group kill) that holds our stdout and stderr. */
function leaveBackgroundChild(config: LauncherConfig): void {
  const child = spawn(process.execPath, ["-e", `setTimeout(() => {}, ${config.backgroundChildMs})`], { detached: true, stdio: ["ignore", "inherit", "inherit"] });
  if (child.pid !== undefined) appendToRegularFile(join(config.workDir, "..", "background-children"), `${child.pid}\n`, "background-children record");
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

/** Ends the launcher as the script's process ended, once what it printed is written. */
function endAs(code: number | null, signal: NodeJS.Signals | null, exitQuirk: boolean): void {
  const flushed = (then: () => void) => process.stdout.write("", () => process.stderr.write("", then));
  if (signal !== null) {
    flushed(() => {
      process.kill(process.pid, signal);
      // a signal this process ignores (SIGPIPE) does not end it: the shell's convention then
      setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 200);
    });
    return;
  }
  const status = code ?? 1;
  if (exitQuirk && status !== 0) process.stdout.write(`${exitQuirkText(status)}\n`);
  flushed(() => process.exit(exitQuirk ? 0 : status));
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
  let ended = false;
  const onLine = (line: RunLine) => {
    if (line.t === "out") (line.fd === 1 ? process.stdout : process.stderr).write(Buffer.from(line.data, "base64"));
    else if (line.t === "exit") {
      ended = true;
      endAs(line.code, line.signal, config.exitQuirk);
    } else if (line.t === "run-failed") {
      ended = true;
      process.stderr.write(`ego-browser: ${line.message}\n`);
      process.exit(1);
    }
  };
  let connection;
  try {
    connection = await connectForRun(config.appSocket, onLine);
  } catch (error) {
    process.stderr.write(`ego-browser: ${(error as Error).message}\n`);
    process.exitCode = 1;
    return;
  }
  const { socket, welcome, send } = connection;
  if (welcome.launch) return actOutLaunchFault(welcome.launch);
  socket.on("error", () => {});
  socket.on("close", () => {
    if (ended) return;
    process.stderr.write("ego-browser: lost the connection to the ego lite app\n");
    process.exit(1);
  });
  const behaviour = behaviourOf(welcome);
  const run: RunRequest = {
    t: "run",
    host: fileURLToPath(import.meta.url),
    script,
    ...(sdkPath !== undefined ? { sdkPath } : {}),
    bundledSdk: config.bundledSdk,
    cwd: config.workDir,
    ...(behaviour.environmentForwarded ? { env: process.env as Record<string, string> } : {}),
    stdin: command.code !== undefined,
  };
  send(run);
  if (command.code !== undefined) {
    process.stdin.on("data", (chunk: Buffer) => send({ t: "stdin", data: chunk.toString("base64") }));
    process.stdin.on("end", () => send({ t: "stdin-end" }));
    process.stdin.on("error", () => send({ t: "stdin-end" }));
  }
}

const [configPath, ...argv] = process.argv.slice(2);
if (configPath === SCRIPT_HOST_FLAG) {
  await hostScript();
} else if (configPath === undefined) {
  process.stderr.write("ego-browser: this launcher was not installed properly (no config)\n");
  process.exitCode = 1;
} else {
  await launch(parseLauncherConfig(readFileSync(configPath, "utf8"), configPath), argv);
}
