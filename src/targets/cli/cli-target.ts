/**
 * The CLI target: probes run inside any `ego-browser nodejs`, the only way an installed build is
 * reached. A session is one invocation (a loop process), each probe is bounded, and the target never
 * creates, selects or closes anything by itself.
 */
import { resolve } from "node:path";
import type { Json } from "../../contract/arguments.js";
import { probeProgram } from "../../probe/program.js";
import { tail } from "./cli-output.js";
import { CliTargetError, ProbeThrewError, type LoopProcess } from "./cli-loop-process.js";
import { LauncherPool, sharedPool, type PoolOptions } from "./cli-pool.js";
import { cliLauncher } from "./cli-script-run.js";
import type { ConnectBackKind } from "./cli-connect-back.js";
import type { Operator } from "../../contract/operator.js";
import type { Session, SessionOptions, Target, TargetInfo } from "../target.js";

/** The module passed to --sdk-path: it does nothing to globalThis.ego. */
export const RAW_BRIDGE_SDK_PATH = resolve(import.meta.dirname, "raw-bridge-sdk.mjs");

export interface CliTargetOptions {
  /** the `ego-browser` executable */
  cliPath: string;
  /** the module for --sdk-path (default RAW_BRIDGE_SDK_PATH); false: never pass --sdk-path */
  sdkPath?: string | false;
  /** what the target is (detected by the caller: version, features, capabilities) */
  info: TargetInfo;
  /** the human at the browser, where there is one (e.g. the fake app's operator endpoint) */
  operator?: Operator;
  /** bound on one probe (default 30 s); on timeout the process group is killed */
  probeTimeoutMs?: number;
  /** bound on starting one process until its loop connects (default 20 s) */
  processTimeoutMs?: number;
  /** how loops connect back: a unix socket in a 0700 directory (default) or loopback TCP */
  connectBack?: ConnectBackKind;
  /** processes started ahead of need (default 1) */
  prewarm?: number;
  /** reuse processes proven fresh (default true) */
  reuse?: boolean;
  /**
   * share processes with other open targets of the same options (default true): a fresh process
   * one test file leaves serves the next. A target that does not share ends its processes when
   * it closes.
   */
  share?: boolean;
}

export interface CliTarget extends Target {
  /** warnings for the report (a rejected --sdk-path, an SDK-wrapped object); also in info.warnings */
  readonly warnings: readonly string[];
  /** problems outside any probe: loops that ended badly after their session */
  readonly incidents: readonly string[];
  /** processes started, sessions that reused one, processes retired (for the pool, which may be shared) */
  readonly stats: { readonly started: number; readonly reused: number; readonly retired: number };
  /** starts the first process now, so `warnings` is known before any session */
  warmUp(): Promise<void>;
}

class CliSession implements Session {
  private proc: Promise<LoopProcess> | undefined;
  private healthy = true;
  private closed = false;
  private readonly errors: string[] = [];

  constructor(
    private readonly pool: LauncherPool,
    private readonly cliPath: string,
    private readonly timeoutMs: number,
    /** false: a used invocation will do (SessionOptions.fresh) */
    private readonly fresh: boolean,
  ) {}

  /** the process once acquired, so diagnostics() can read it synchronously */
  private acquired: LoopProcess | undefined;

  /** The session's process, acquired on first use (a session that runs no probe costs nothing). */
  private process(): Promise<LoopProcess> {
    this.proc ??= this.pool.acquire(this.fresh).then((p) => {
      p.markStderr();
      this.acquired = p;
      return p;
    });
    return this.proc;
  }

  async evaluate<A extends Json[], R>(fn: (probe: never, ...args: A) => R, ...args: A): Promise<Awaited<R>> {
    if (this.closed) throw new CliTargetError("session is closed");
    const program = probeProgram(fn as never, args);
    let proc: LoopProcess;
    try {
      proc = await this.process();
    } catch (error) {
      this.healthy = false;
      this.errors.push(String(error));
      throw error;
    }
    try {
      return (await proc.evaluate(program, this.timeoutMs)) as Awaited<R>;
    } catch (error) {
      if (!(error instanceof ProbeThrewError)) this.healthy = false;
      this.errors.push(String(error));
      throw error;
    }
  }

  /** What the session's process printed on stderr, and what went wrong, for a report. */
  diagnostics(): string {
    const lines = [`ego-browser: ${this.cliPath}`];
    const settled = this.acquired;
    if (settled) {
      lines.push(`process: pid ${settled.pid}`);
      const stderr = settled.stderrSinceMark();
      lines.push(stderr.trim() ? `stderr:\n${tail(stderr, 8000)}` : "stderr: (empty)");
    } else {
      lines.push("process: none started");
    }
    if (this.errors.length) lines.push(`errors:\n${this.errors.join("\n")}`);
    return lines.join("\n");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.proc) return;
    const proc = await this.proc.catch(() => undefined);
    if (proc) await this.pool.release(proc, this.healthy);
  }
}

export function createCliTarget(options: CliTargetOptions): CliTarget {
  const warnings: string[] = [...(options.info.warnings ?? [])];
  const incidents: string[] = [];
  const info: TargetInfo = { ...options.info, warnings };
  const poolOptions: PoolOptions = {
    cliPath: options.cliPath,
    ...(options.sdkPath !== false ? { sdkPath: options.sdkPath ?? RAW_BRIDGE_SDK_PATH } : {}),
    connectBack: options.connectBack ?? "unix",
    startTimeoutMs: options.processTimeoutMs ?? 20_000,
    checkTimeoutMs: Math.min(options.probeTimeoutMs ?? 30_000, 5000),
    prewarm: options.prewarm ?? 1,
    reuse: options.reuse ?? true,
  };
  const own = options.share === false ? { pool: new LauncherPool(poolOptions), release: async () => {} } : sharedPool(poolOptions);
  const { pool } = own;
  info.launch = pool.launch;
  const stopListening = pool.listen({
    warn: (message) => {
      if (!warnings.includes(message)) warnings.push(message);
    },
    incident: (message) => incidents.push(message),
  });
  const probeTimeoutMs = options.probeTimeoutMs ?? 30_000;
  const sessions = new Set<CliSession>();
  let closed = false;

  return {
    info,
    operator: options.operator,
    launcher: cliLauncher(options.cliPath, poolOptions.sdkPath),
    warnings,
    incidents,
    stats: pool.stats,
    warmUp: () => pool.warmUp(),
    async openSession(sessionOptions?: SessionOptions) {
      if (closed) throw new CliTargetError("the CLI target is closed");
      const session = new CliSession(pool, options.cliPath, probeTimeoutMs, sessionOptions?.fresh ?? true);
      sessions.add(session);
      return {
        evaluate: (fn, ...args) => session.evaluate(fn as never, ...args) as never,
        diagnostics: () => session.diagnostics(),
        close: async () => {
          sessions.delete(session);
          await session.close();
        },
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const session of sessions) await session.close();
      sessions.clear();
      if (options.share === false) await pool.close();
      else await own.release();
      stopListening();
    },
  };
}
