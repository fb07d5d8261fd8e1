/**
 * One `ego-browser nodejs` process, leader of its own process group so a timeout can kill everything
 * the script started. Its end is its own exit, never the close of its streams, which a child it left
 * behind may hold open.
 */
import { ENVIRONMENT_MARKER, ENVIRONMENT_MARKER_VALUE } from "../../contract/clauses/launcher.js";
import { holdGroup, killGroupOf, startGroup } from "../../processes/groups.js";
import { FrameCatcher, quirkExitCode, tail } from "./cli-output.js";

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
  /** the error code when the process could not be started at all (ENOENT, EACCES, ETXTBSY) */
  startFailure?: string;
}

export interface CliProcess {
  readonly pid: number;
  readonly command: string;
  /** everything read so far (bounded to the last MAX_KEPT characters) */
  stdout(): string;
  /** the last frame of the nonce given to spawnCli, whatever output came after it ("" when none or none asked for) */
  framedOut(): string;
  stderr(): string;
  /** how many characters stderr has had in all (what stderr() keeps is its tail) */
  stderrTotal(): number;
  readonly exited: Promise<CliExit>;
  readonly hasExited: boolean;
  /** kills the whole process group (SIGKILL by default) */
  killGroup(signal?: NodeJS.Signals): void;
  /** whether the harness still holds it, its script running for the harness (src/processes/groups.ts holdGroup) */
  hold(held: boolean): void;
  /** whether waiting for this process keeps the harness alive (an idle, parked process does not) */
  keepAlive(on: boolean): void;
  /** a short account of the process for error messages and reports */
  describe(): string;
}

const MAX_KEPT = 256 * 1024;
/** the longest frame kept apart from the tail (a one-shot probe's result) */
const MAX_FRAME = 64 * 1024 * 1024;
/** how long, after the process exited, its pipes are still read (a child it left may hold them) */
const STREAM_GRACE_MS = 500;
export function describeExit(exit: CliExit): string {
  const parts = [`exit status ${exit.exitCode ?? "none"}`];
  if (exit.signal) parts.push(`signal ${exit.signal}`);
  if (exit.quirkCode !== undefined) parts.push(`the launcher printed "ego's nodejs process exited with code ${exit.quirkCode}"`);
  if (exit.killed) parts.push("killed by the harness");
  return parts.join(", ");
}

/**
 * Waits between starts of a launcher that is busy (ETXTBSY): it was written a moment ago, and a
 * process this one forked meanwhile holds it open for writing until that child execs, which takes
 * milliseconds. Any other failure to start is final at once.
 */
const BUSY_BACKOFF_MS = [10, 20, 40, 80, 160, 320];

/** spawnCli, started again while the launcher is busy (at most BUSY_BACKOFF_MS.length more times). */
export async function startCli(cliPath: string, args: readonly string[], script: string, options: { frameNonce?: string } = {}): Promise<CliProcess> {
  for (const backoff of BUSY_BACKOFF_MS) {
    const proc = spawnCli(cliPath, args, script, options);
    if (proc.pid !== -1 || (await proc.exited).startFailure !== "ETXTBSY") return proc;
    await new Promise((resolve) => setTimeout(resolve, backoff));
  }
  return spawnCli(cliPath, args, script, options);
}

function spawnCli(cliPath: string, args: readonly string[], script: string, options: { frameNonce?: string } = {}): CliProcess {
  const child = startGroup(cliPath, args, {
    input: script,
    // a marker only the CLI gets: the script must not see it (clause launcher.environment.not-forwarded)
    env: { [ENVIRONMENT_MARKER]: ENVIRONMENT_MARKER_VALUE },
    reject: false,
    buffer: false,
    stdout: "pipe",
    stderr: "pipe",
    stripFinalNewline: false,
  });
  let out = "";
  let err = "";
  let errTotal = 0;
  const keep = (text: string, more: string) => {
    const next = text + more;
    return next.length > MAX_KEPT ? next.slice(-MAX_KEPT) : next;
  };
  const frame = options.frameNonce !== undefined ? new FrameCatcher(options.frameNonce, MAX_FRAME) : undefined;
  child.stdout?.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    out = keep(out, text);
    frame?.push(text);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    errTotal += text.length;
    err = keep(err, text);
  });
  const pid = child.pid;
  let killed = false;
  let hasExited = false;

  // The end is the process's own exit ("exit"), never its streams ("close"): a child the script
  // left behind (in another process group, out of reach of the group kill) may hold stdout and
  // stderr open for as long as it lives. After the exit, what is still in the pipes is read
  // until they close or STREAM_GRACE_MS pass; then our ends are destroyed.
  const exited = new Promise<CliExit>((resolveExit) => {
    let settled = false;
    const settle = (exitCode: number | null, signal: string | null, spawnFailure?: string, startFailure?: string) => {
      if (settled) return;
      settled = true;
      hasExited = true;
      if (spawnFailure) {
        err += `\n${spawnFailure}`;
        errTotal += spawnFailure.length + 1;
      }
      const quirkCode = quirkExitCode(`${out}\n${err}`);
      resolveExit({ exitCode, signal, ...(quirkCode !== undefined ? { quirkCode } : {}), effectiveCode: quirkCode ?? exitCode, killed, ...(startFailure !== undefined ? { startFailure } : {}) });
    };
    child.once("exit", (code, signal) => {
      // the launcher is gone; anything the script left in its group goes with it
      if (pid !== undefined) killGroupOf(pid);
      const streams = [child.stdout, child.stderr].filter((s): s is NonNullable<typeof s> => s !== null && !s.destroyed);
      let timer: NodeJS.Timeout | undefined;
      const drained = Promise.all(streams.map((s) => new Promise<void>((r) => s.once("close", () => r()))));
      const grace = new Promise<void>((r) => (timer = setTimeout(r, STREAM_GRACE_MS)));
      void Promise.race([drained, grace]).then(() => {
        clearTimeout(timer);
        for (const s of streams) s.destroy();
        settle(code, signal);
      });
    });
    // a process that never started (ENOENT, EACCES) has no "exit": execa's result says why
    void child.then((result) => {
      if (result.exitCode === undefined && result.signal === undefined) {
        const failed = result as { message?: string; code?: unknown };
        settle(null, null, failed.message ?? "the process could not be started", typeof failed.code === "string" ? failed.code : undefined);
      }
    });
  });

  const command = `${cliPath} ${args.join(" ")}`.trim();
  return {
    pid: pid ?? -1,
    command,
    stdout: () => out,
    framedOut: () => frame?.text() ?? "",
    stderr: () => err,
    stderrTotal: () => errTotal,
    exited,
    get hasExited() {
      return hasExited;
    },
    killGroup(signal: NodeJS.Signals = "SIGKILL") {
      if (pid === undefined || hasExited) return;
      killed = true;
      killGroupOf(pid, signal);
    },
    hold(held: boolean) {
      if (pid !== undefined) holdGroup(pid, held);
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
