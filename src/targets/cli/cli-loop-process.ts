/**
 * One `ego-browser nodejs` process running the probe loop, driven over its connect-back connection.
 * Every wait is bounded; a process that dies, hangs or never connects becomes an error saying how it
 * ended, and a timeout kills its whole process group.
 */
import type { Json } from "../../contract/arguments.js";
import { namedError } from "../../errors/named-error.js";
import type { ErrorCode } from "../../contract/error-codes.js";
import { newNonce, readFramed, rejectsSdkPath, tail } from "./cli-output.js";
import { ConnectBack } from "./cli-connect-back.js";
import type { LoopConnection } from "./cli-connect-back.js";
import { loopScript, type CheckedState, type LoopHello, type LoopStatus } from "./cli-loop-script.js";
import { describeExit, startCli, type CliExit, type CliProcess } from "./cli-process.js";

/** The code a task-scoped call answers with when nothing is selected: what "fresh" is checked by. */
const NOT_SELECTED: ErrorCode = "EGO_TASK_SPACE_NOT_SELECTED";

/** A harness/infrastructure failure of the CLI target (never a contract outcome). */
export class CliTargetError extends namedError("CliTargetError") {}

export class LoopStartError extends CliTargetError {
  override name = "LoopStartError";
  constructor(
    message: string,
    /** the launcher said it does not know --sdk-path */
    readonly sdkPathRejected: boolean,
    /** the process ended by itself before it connected (not a timeout, not a failed connection) */
    readonly exited = false,
  ) {
    super(message);
  }
}

/** The probe itself threw inside the target (the error as the target described it). */
export class ProbeThrewError extends Error {
  constructor(name: string, message: string, targetStack: string | undefined) {
    super(message);
    this.name = name;
    if (targetStack) this.stack = `${name}: ${message}\n    (inside ego-browser nodejs)\n${targetStack.split("\n").slice(1).join("\n")}`;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** Races `work` against the process's end and a timer; says which came first. */
async function race<T>(
  work: Promise<T>,
  proc: CliProcess,
  timeoutMs: number,
): Promise<{ kind: "done"; value: T } | { kind: "exited"; exit: CliExit } | { kind: "timeout" } | { kind: "failed"; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ kind: "timeout" }>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
  });
  try {
    return await Promise.race([
      work.then(
        (value) => ({ kind: "done" as const, value }),
        (error: unknown) => ({ kind: "failed" as const, error }),
      ),
      proc.exited.then((exit) => ({ kind: "exited" as const, exit })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface StartLoopOptions {
  cliPath: string;
  sdkPath?: string;
  connectBack: ConnectBack;
  /** bound on spawn-to-connected */
  startTimeoutMs: number;
}

export async function startLoopProcess(options: StartLoopOptions): Promise<LoopProcess> {
  const token = ConnectBack.newToken();
  const nonce = newNonce();
  const args = ["nodejs", ...(options.sdkPath !== undefined ? ["--sdk-path", options.sdkPath] : [])];
  const proc = await startCli(options.cliPath, args, loopScript(options.connectBack.address, token, nonce));
  const waiting = options.connectBack.expect(token);
  const first = await race(waiting.connection, proc, options.startTimeoutMs);
  if (first.kind === "done") {
    // its loop runs for the harness until end(): not a leftover while the pool keeps it
    proc.hold(true);
    return new LoopProcess(proc, first.value, nonce);
  }
  waiting.cancel();
  if (first.kind === "timeout") {
    proc.killGroup();
    await proc.exited;
    throw new LoopStartError(`ego-browser did not start the probe loop within ${options.startTimeoutMs} ms; its process group was killed.\n${proc.describe()}`, false);
  }
  if (first.kind === "failed") {
    proc.killGroup();
    throw new LoopStartError(`the probe loop could not connect back: ${String(first.error)}\n${proc.describe()}`, false);
  }
  const output = `${proc.stdout()}\n${proc.stderr()}`;
  throw new LoopStartError(`ego-browser ended before the probe loop connected (${describeExit(first.exit)}).\n${proc.describe()}`, rejectsSdkPath(output), true);
}

export class LoopProcess {
  private stderrMark = 0;

  constructor(
    private readonly proc: CliProcess,
    private readonly connection: LoopConnection,
    private readonly nonce: string,
  ) {}

  get hello(): LoopHello {
    return this.connection.hello;
  }

  get pid(): number {
    return this.proc.pid;
  }

  get usable(): boolean {
    return !this.proc.hasExited && !this.connection.isClosed;
  }

  /** Starts a new account of stderr (a new session on this process). */
  markStderr(): void {
    this.stderrMark = this.proc.stderrTotal();
  }

  /** stderr since the mark, as far as its kept tail reaches back (counted in all it printed, not in the tail) */
  stderrSinceMark(): string {
    const since = this.proc.stderrTotal() - this.stderrMark;
    return since > 0 ? this.proc.stderr().slice(-since) : "";
  }

  describe(): string {
    return this.proc.describe();
  }

  private async died(what: string): Promise<CliTargetError> {
    const exit = await Promise.race([this.proc.exited, sleep(2000).then(() => undefined)]);
    if (!exit) this.proc.killGroup();
    const how = exit ? describeExit(exit) : "its connection closed and it did not exit; its process group was killed";
    return new CliTargetError(`${what}: the ego-browser process ended mid-session (${how}).\n${this.proc.describe()}`);
  }

  /** Runs one probe program; resolves its JSON result, rejects with what went wrong. */
  async evaluate(program: string, timeoutMs: number): Promise<Json> {
    const outcome = await race(this.connection.request({ t: "eval", program }), this.proc, timeoutMs);
    if (outcome.kind === "timeout") {
      this.proc.killGroup();
      await this.proc.exited;
      return Promise.reject(new CliTargetError(`probe did not finish within ${timeoutMs} ms; the ego-browser process group was killed.\n${this.proc.describe()}`));
    }
    if (outcome.kind !== "done") return Promise.reject(await this.died("probe"));
    const reply = outcome.value;
    if (reply.t !== "result") return Promise.reject(new CliTargetError(`the probe loop answered a probe with '${reply.t}'`));
    if (reply.ok) return reply.value as Json;
    return Promise.reject(new ProbeThrewError(reply.error.name, reply.error.message, reply.error.stack));
  }

  /** Whether this invocation is as fresh as a new one, or only used (see probeLoop); failed on any doubt. */
  async checkFresh(timeoutMs: number): Promise<{ state: CheckedState; why: string }> {
    if (!this.usable) return { state: "failed", why: "the process is gone" };
    const outcome = await race(this.connection.request({ t: "check", notSelectedCode: NOT_SELECTED }), this.proc, timeoutMs);
    if (outcome.kind !== "done" || outcome.value.t !== "checked") return { state: "failed", why: `the freshness check did not answer (${outcome.kind})` };
    return { state: outcome.value.state, why: outcome.value.why };
  }

  /** Ends the loop: it closes its connection and prints its framed status; killed after `graceMs`. */
  async end(graceMs: number): Promise<{ exit: CliExit; status?: LoopStatus; problem?: string }> {
    // the loop is told to end: from here on, a process still running has outlived its script
    this.proc.hold(false);
    if (!this.proc.hasExited) this.connection.end();
    const ended = await Promise.race([this.proc.exited, sleep(graceMs).then(() => undefined)]);
    if (!ended) this.proc.killGroup();
    const exit = ended ?? (await this.proc.exited);
    let status: LoopStatus | undefined;
    let problem: string | undefined;
    try {
      status = readFramed(this.proc.stdout(), this.nonce) as LoopStatus | undefined;
    } catch (error) {
      problem = (error as Error).message;
    }
    if (!ended) problem = `did not exit within ${graceMs} ms of the end of its loop; its process group was killed`;
    else if (status === undefined) problem = `printed no final status (${describeExit(exit)})`;
    else if (!status.ok) problem = `the loop reported: ${status.error?.message ?? "failure"}`;
    else if (exit.effectiveCode !== 0) problem = `ended with ${describeExit(exit)}`;
    if (problem) problem = `${problem}\nstderr: ${tail(this.proc.stderr(), 1000)}`;
    return { exit, ...(status ? { status } : {}), ...(problem ? { problem } : {}) };
  }

  kill(): void {
    this.proc.killGroup();
  }

  /** An idle process in a parked pool must not keep the harness alive; one in use must. */
  keepAlive(on: boolean): void {
    this.proc.keepAlive(on);
    this.connection.keepAlive(on);
  }
}
