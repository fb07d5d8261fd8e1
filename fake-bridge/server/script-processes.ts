/**
 * The app side of `ego-browser nodejs`: the app runs the script in a process of its own children, as
 * Ego Lite does, so `process.ppid` is the app in every invocation. Nothing outlives its caller: the
 * script's process group is killed when the launcher goes, when the process exits, and at the app's close.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Socket } from "node:net";
import { writeJsonLine } from "../../src/wire/json-lines.js";
import { SCRIPT_HOST_FLAG, type HostWelcome, type RunLine, type RunRequest, type StdinLine, type Welcome } from "./protocol.js";

/** how long, after the script's process exited, its pipes are still read */
const STREAM_GRACE_MS = 500;
/** how long the app's close waits for the processes it killed */
const CLOSE_BOUND_MS = 2000;

export interface ScriptProcesses {
  /**
   * Starts the script of `run` for the launcher on `launcher`; `serveChannel` serves the binding's
   * calls on the process's channel. Returns the handler of the launcher's later lines (its stdin)
   * and the end of the process (resolved also when it never started).
   */
  start(launcher: Socket, run: RunRequest, serveChannel: (channel: Socket) => void): { onLine(message: unknown): void; ended: Promise<void> };
  /** scripts running now */
  readonly running: number;
  /** kills every script process group still running; resolves when they exited, or after a bound */
  killAll(): Promise<void>;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // the group is gone already
  }
}

function send(launcher: Socket, line: RunLine): void {
  writeJsonLine(launcher, line);
}

export function scriptProcesses(options: { welcome: Welcome; appSocket: string; scriptEnv: Record<string, string> }): ScriptProcesses {
  const live = new Map<ChildProcess, Promise<void>>();

  function start(launcher: Socket, run: RunRequest, serveChannel: (channel: Socket) => void) {
    const child = spawn(process.execPath, [run.host, SCRIPT_HOST_FLAG], {
      cwd: run.cwd,
      // the app's environment; a launcher with the environment-forwarded mutant sends the caller's
      env: run.env ?? options.scriptEnv,
      detached: true,
      stdio: ["pipe", "pipe", "pipe", "pipe"],
    });
    const [stdin, stdout, stderr, channel] = child.stdio as unknown as [Socket, Socket, Socket, Socket];
    stdin.on("error", () => {}); // the script ended, or closed its stdin
    if (!run.stdin) stdin.end();

    // while the script runs, its output waits for a launcher that reads slowly; after its exit,
    // what is left in the pipes is read at once (the launcher drains it at its own pace)
    let exited = false;
    const outputs = [stdout, stderr] as const;
    outputs.forEach((stream, i) => {
      stream.on("data", (chunk: Buffer) => {
        if (launcher.destroyed) return;
        send(launcher, { t: "out", fd: i === 0 ? 1 : 2, data: chunk.toString("base64") });
        if (!exited && launcher.writableNeedDrain) {
          for (const s of outputs) s.pause();
          launcher.once("drain", () => {
            for (const s of outputs) s.resume();
          });
        }
      });
      stream.on("error", () => {});
    });
    channel.on("error", () => {});

    const ended = new Promise<void>((resolve) => {
      let done = false;
      const finish = (line: RunLine) => {
        if (done) return;
        done = true;
        live.delete(child);
        send(launcher, line);
        launcher.end();
        for (const s of [stdin, stdout, stderr, channel]) s.destroy();
        resolve();
      };
      child.once("error", (error) => {
        // never started (a missing working directory, no node): no exit will come
        if (child.pid === undefined) finish({ t: "run-failed", message: `the script's process could not be started: ${error.message}` });
      });
      child.once("exit", (code, signal) => {
        exited = true;
        killGroup(child); // what the script left in its group goes with it
        for (const s of outputs) s.resume();
        let timer: NodeJS.Timeout | undefined;
        const closed = outputs.map((s) => new Promise<void>((r) => (s.closed ? r() : s.once("close", () => r()))));
        const grace = new Promise<void>((r) => (timer = setTimeout(r, STREAM_GRACE_MS)));
        void Promise.race([Promise.all(closed), grace]).then(() => {
          clearTimeout(timer);
          finish({ t: "exit", code, signal });
        });
      });
    });
    if (child.pid !== undefined) live.set(child, ended);

    // the caller is gone: so is its script
    launcher.once("close", () => {
      if (!exited) killGroup(child);
    });

    const welcome: HostWelcome = { ...options.welcome, run: { script: run.script, ...(run.sdkPath !== undefined ? { sdkPath: run.sdkPath } : {}), bundledSdk: run.bundledSdk, appSocket: options.appSocket } };
    writeJsonLine(channel, welcome);
    serveChannel(channel);

    return {
      ended,
      onLine(message: unknown) {
        const line = message as Partial<StdinLine>;
        if (line.t === "stdin" && typeof line.data === "string") stdin.write(Buffer.from(line.data, "base64"));
        else if (line.t === "stdin-end") stdin.end();
      },
    };
  }

  return {
    start,
    get running() {
      return live.size;
    },
    async killAll() {
      const ends = [...live.entries()].map(([child, ended]) => {
        killGroup(child);
        return ended;
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(ends), new Promise((r) => (timer = setTimeout(r, CLOSE_BOUND_MS)))]);
      clearTimeout(timer);
    },
  };
}
