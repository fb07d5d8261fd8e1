/**
 * One `ego-browser nodejs` process: spawned with execa as the leader of its own process group
 * (so a timeout can kill everything the script started), the script on stdin, stdout and stderr
 * kept. Its end is read through the launcher's exit quirk (./cli-output.ts). Every live group is
 * killed if the harness process exits first.
 */
import { execa } from "execa";
import { quirkExitCode, tail } from "./cli-output.js";

export interface CliExit {
  /** the launcher's own exit status (null when killed by a signal) */
  exitCode: number | null;
  signal: string | null;
  /** N of `ego's nodejs process exited with code N`, when the launcher printed it */
  quirkCode?: number;
  /** what the script's process really ended with: the quirk's N, else the exit status */
  effectiveCode: number | null;
  /** the harness killed the group (a timeout, or an unusable process) */
  killed: boolean;
}

export interface CliProcess {
  readonly pid: number;
  readonly command: string;
  /** everything read so far (bounded to the last MAX_KEPT characters) */
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<CliExit>;
  readonly hasExited: boolean;
  /** kills the whole process group (SIGKILL by default) */
  killGroup(signal?: NodeJS.Signals): void;
  /** whether waiting for this process keeps the harness alive (an idle, parked process does not) */
  keepAlive(on: boolean): void;
  /** a short account of the process for error messages and reports */
  describe(): string;
}

const MAX_KEPT = 256 * 1024;
const live = new Set<number>();
let cleanupInstalled = false;

function killGroupOf(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.once("exit", () => {
    for (const pid of live) killGroupOf(pid, "SIGKILL");
  });
}

export function describeExit(exit: CliExit): string {
  const parts = [`exit status ${exit.exitCode ?? "none"}`];
  if (exit.signal) parts.push(`signal ${exit.signal}`);
  if (exit.quirkCode !== undefined) parts.push(`the launcher printed "ego's nodejs process exited with code ${exit.quirkCode}"`);
  if (exit.killed) parts.push("killed by the harness");
  return parts.join(", ");
}

export function spawnCli(cliPath: string, args: readonly string[], script: string): CliProcess {
  installCleanup();
  const child = execa(cliPath, [...args], {
    input: script,
    detached: true,
    reject: false,
    buffer: false,
    cleanup: false,
    stdout: "pipe",
    stderr: "pipe",
    stripFinalNewline: false,
  });
  let out = "";
  let err = "";
  const keep = (text: string, chunk: Buffer) => {
    const next = text + chunk.toString("utf8");
    return next.length > MAX_KEPT ? next.slice(-MAX_KEPT) : next;
  };
  child.stdout?.on("data", (chunk: Buffer) => (out = keep(out, chunk)));
  child.stderr?.on("data", (chunk: Buffer) => (err = keep(err, chunk)));
  const pid = child.pid;
  let killed = false;
  let hasExited = false;
  if (pid !== undefined) live.add(pid);

  const exited: Promise<CliExit> = child.then(
    (result) => {
      hasExited = true;
      if (pid !== undefined) live.delete(pid);
      // the launcher is gone; anything the script left in its group goes with it
      if (pid !== undefined) killGroupOf(pid, "SIGKILL");
      const quirkCode = quirkExitCode(`${out}\n${err}`);
      const exitCode = result.exitCode ?? null;
      const signal = result.signal ?? null;
      const spawnFailure = result.exitCode === undefined && result.signal === undefined ? (result as { message?: string }).message : undefined;
      if (spawnFailure) err += `\n${spawnFailure}`;
      return { exitCode, signal, ...(quirkCode !== undefined ? { quirkCode } : {}), effectiveCode: quirkCode ?? exitCode, killed };
    },
  );

  const command = `${cliPath} ${args.join(" ")}`.trim();
  return {
    pid: pid ?? -1,
    command,
    stdout: () => out,
    stderr: () => err,
    exited,
    get hasExited() {
      return hasExited;
    },
    killGroup(signal: NodeJS.Signals = "SIGKILL") {
      if (pid === undefined || hasExited) return;
      killed = true;
      killGroupOf(pid, signal);
    },
    keepAlive(on: boolean) {
      // the process handle, and its stdout/stderr pipes (net.Socket underneath)
      for (const handle of [child, child.stdout, child.stderr] as unknown as ({ ref?(): void; unref?(): void } | null)[]) {
        if (on) handle?.ref?.();
        else handle?.unref?.();
      }
    },
    describe() {
      const lines = [`${command} (pid ${pid ?? "none"})`];
      if (err.trim()) lines.push(`stderr:\n${tail(err)}`);
      if (out.trim()) lines.push(`stdout:\n${tail(out, 1000)}`);
      return lines.join("\n");
    },
  };
}
