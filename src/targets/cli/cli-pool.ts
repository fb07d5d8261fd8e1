/**
 * The loop processes of one CLI target, reused only where proven as fresh as a new invocation, since
 * each `ego-browser nodejs` start costs a node start-up; any doubt retires a process. Targets with the
 * same options may share a pool across vitest's per-file targets.
 */
import { CliTargetError, LoopStartError, startLoopProcess, type LoopProcess } from "./cli-loop-process.js";
import { ConnectBack, type ConnectBackKind } from "./cli-connect-back.js";
import type { LaunchObservation } from "../target.js";
import { onNextTarget } from "../../target-scope/next-target.js";

export interface PoolOptions {
  cliPath: string;
  /** the raw-bridge module for --sdk-path; undefined: start without --sdk-path */
  sdkPath?: string;
  connectBack: ConnectBackKind;
  startTimeoutMs: number;
  checkTimeoutMs: number;
  /** processes started ahead of need */
  prewarm: number;
  /** reuse processes proven fresh */
  reuse: boolean;
}

export interface PoolListener {
  /** a warning for the report (each once) */
  warn(message: string): void;
  /** something went wrong outside any probe (a loop that ended badly) */
  incident(message: string): void;
}

const END_GRACE_MS = 3000;
/** used (selected) processes kept for `fresh: false` sessions */
const USED_MAX = 4;

export class LauncherPool {
  /** fresh processes: serve any session */
  private readonly idle: LoopProcess[] = [];
  /** processes that made a selection, callback slots unchanged: serve `fresh: false` sessions */
  private readonly used: LoopProcess[] = [];
  private readonly spares: Promise<LoopProcess>[] = [];
  private readonly ending = new Set<Promise<void>>();
  private connectBack: Promise<ConnectBack> | undefined;
  /** how the launcher took --sdk-path, shared with the targets' info (TargetInfo.launch) */
  readonly launch: LaunchObservation;
  private closing = false;
  /** no target uses the pool right now: its idle processes must not keep the harness alive */
  private parked = false;
  /** how many processes were started and how many sessions reused one (for benchmarks and reports) */
  readonly stats = { started: 0, reused: 0, retired: 0 };
  readonly warnings: string[] = [];
  readonly incidents: string[] = [];
  private readonly listeners = new Set<PoolListener>();

  constructor(private readonly options: PoolOptions) {
    this.launch = { sdkPath: options.sdkPath === undefined ? "not-requested" : "pending", wrapped: false };
  }

  /** Tells `listener` every warning so far and from now on, and every later incident. */
  listen(listener: PoolListener): () => void {
    for (const w of this.warnings) listener.warn(w);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private warn(message: string): void {
    if (this.warnings.includes(message)) return;
    this.warnings.push(message);
    for (const l of this.listeners) l.warn(message);
  }

  private incident(message: string): void {
    this.incidents.push(message);
    for (const l of this.listeners) l.incident(message);
  }

  private endpoint(): Promise<ConnectBack> {
    this.connectBack ??= ConnectBack.open(this.options.connectBack);
    return this.connectBack;
  }

  /** One process, started with or without --sdk-path; notes what its hello says. */
  private async start(sdkPath: string | undefined, startTimeoutMs = this.options.startTimeoutMs): Promise<LoopProcess> {
    if (this.closing) throw new CliTargetError("the CLI target is closed");
    this.stats.started += 1;
    const proc = await startLoopProcess({
      cliPath: this.options.cliPath,
      ...(sdkPath !== undefined ? { sdkPath } : {}),
      connectBack: await this.endpoint(),
      startTimeoutMs,
    });
    if (proc.hello.sdkWrapped) {
      this.launch.wrapped = true;
      this.warn(
        "globalThis.ego is wrapped by the app's SDK (Symbol.for('egoBrowser.sdkWrapped') is set): probes observe the SDK's wrappers, not the raw bridge, so channels and shapes may differ from the native contract",
      );
    }
    if (sdkPath !== undefined && !proc.hello.rawBridgeSdk && this.launch.sdkPath !== "ignored") {
      this.launch.sdkPath = "ignored";
      this.launch.detail = `${this.options.cliPath} nodejs --sdk-path ${sdkPath} started the script without loading that module`;
      this.warn(`${this.launch.detail} (launcher.sdk-path.loads-module)`);
    } else if (sdkPath !== undefined && proc.hello.rawBridgeSdk && this.launch.sdkPath === "pending") {
      this.launch.sdkPath = "loaded";
    }
    if (proc.hello.egoType !== "object") this.warn(`globalThis.ego is ${proc.hello.egoType} inside ego-browser nodejs, not an object`);
    if (this.parked) proc.keepAlive(false);
    return proc;
  }

  /**
   * A process for the pool. With --sdk-path while the launcher takes it; without it once the
   * launcher has rejected it as an unknown option, or cannot start with it although it can
   * without it (its SDK hook works differently). The second is decided on evidence, not on one
   * failed start (an infrastructure fault can end any start): a start with --sdk-path ended by
   * itself, one without it succeeded, and one more with it failed again. A start that hangs is
   * not evidence (and is not retried): the whole of it stays within one start bound.
   */
  private async spawn(): Promise<LoopProcess> {
    const sdkPath = this.usesSdkPath() ? this.options.sdkPath : undefined;
    const deadline = Date.now() + this.options.startTimeoutMs;
    try {
      return await this.start(sdkPath);
    } catch (error) {
      if (!(error instanceof LoopStartError) || !error.exited || sdkPath === undefined || !this.usesSdkPath()) throw error;
      if (error.sdkPathRejected) {
        this.launch.sdkPath = "rejected";
        this.launch.detail = `${this.options.cliPath} rejects --sdk-path as an unknown option (it predates it; research 3.2: update Ego Lite)`;
        this.warn(
          `${this.options.cliPath} rejects --sdk-path (it predates it): probes run without the raw-bridge module, through the app's bundled SDK, which wraps globalThis.ego (research 1.8)`,
        );
        return this.spawn();
      }
      // the launcher cannot start with the module: can it start at all? (if not, that is the error)
      const left = () => deadline - Date.now();
      if (left() <= 0) throw error;
      const plain = await this.start(undefined, left()).catch(() => undefined);
      if (!plain) throw error;
      // no time left for the second look: serve this start without deciding (the next one looks again)
      if (left() <= 0) return plain;
      try {
        const again = await this.start(sdkPath, left());
        this.retire(plain);
        return again;
      } catch (second) {
        // only a second start that ended by itself is evidence; one cut short by the bound is not
        if (this.launch.sdkPath !== "failed" && second instanceof LoopStartError && second.exited) {
          this.launch.sdkPath = "failed";
          this.launch.detail = `${this.options.cliPath} nodejs --sdk-path ${sdkPath} fails to start (twice), while it starts without --sdk-path:\n${(second as Error).message}`;
          this.warn(
            `${this.options.cliPath} cannot start with --sdk-path (its SDK hook works differently; launcher.sdk-path.loads-module): probes run without the raw-bridge module, through the app's bundled SDK`,
          );
        }
        return plain;
      }
    }
  }

  private usesSdkPath(): boolean {
    return this.options.sdkPath !== undefined && this.launch.sdkPath !== "rejected" && this.launch.sdkPath !== "failed";
  }

  private topUp(): void {
    while (!this.closing && this.spares.length < this.options.prewarm) {
      const spare = this.spawn();
      spare.catch(() => {}); // surfaces when a session takes it
      this.spares.push(spare);
    }
  }

  /** Starts the spare processes now and waits for the first (so warnings are known early). */
  async warmUp(): Promise<void> {
    if (this.options.prewarm === 0) {
      const first = await this.spawn();
      this.idle.push(first);
      return;
    }
    this.topUp();
    await this.spares[0];
  }

  /** A process for a session: a fresh one, or for `fresh: false` a used one first. */
  acquire(fresh = true): Promise<LoopProcess> {
    const lists = fresh ? [this.idle] : [this.used, this.idle];
    for (const list of lists) {
      while (list.length > 0) {
        const proc = list.pop()!;
        if (proc.usable) {
          this.stats.reused += 1;
          proc.keepAlive(true);
          return Promise.resolve(proc);
        }
        this.retire(proc);
      }
    }
    const next = (this.spares.shift() ?? this.spawn()).then((proc) => {
      proc.keepAlive(true);
      return proc;
    });
    this.topUp();
    return next;
  }

  /**
   * Parks or unparks the pool. A parked pool (no target uses it) keeps its idle and spare
   * processes for the next target, but they no longer keep the harness alive: a CLI that is done
   * exits, and its exit handler kills them (./cli-process.ts).
   */
  park(on: boolean): void {
    this.parked = on;
    for (const proc of [...this.idle, ...this.used]) proc.keepAlive(!on);
    for (const spare of this.spares) void spare.then((proc) => proc.keepAlive(!this.parked), () => {});
  }

  /** A session is done with its process: keep it if it is proven fresh, or used but with its slots unchanged; one whose check failed is ended. */
  async release(proc: LoopProcess, healthy: boolean): Promise<void> {
    if (this.closing || !healthy || !this.options.reuse || !proc.usable) {
      this.retire(proc);
      return;
    }
    // a process whose check failed is ended, whatever a session may still want of it
    const { state } = await proc.checkFresh(this.options.checkTimeoutMs);
    const list = this.closing ? undefined : state === "fresh" ? this.idle : state === "used" && this.used.length < USED_MAX ? this.used : undefined;
    if (!list) {
      this.retire(proc);
      return;
    }
    if (this.parked) proc.keepAlive(false);
    list.push(proc);
  }

  /** Ends a process in the background; an unclean end is an incident. */
  retire(proc: LoopProcess): void {
    this.stats.retired += 1;
    const ended = proc.end(END_GRACE_MS).then(
      (result) => {
        if (result.problem) this.incident(`ego-browser process ${proc.pid}: ${result.problem}`);
      },
      (error: unknown) => this.incident(`ego-browser process ${proc.pid} could not be ended: ${String(error)}`),
    );
    this.ending.add(ended);
    void ended.finally(() => this.ending.delete(ended));
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const proc of [...this.idle.splice(0), ...this.used.splice(0)]) this.retire(proc);
    for (const spare of this.spares.splice(0)) {
      const proc = await spare.catch(() => undefined);
      if (proc) this.retire(proc);
    }
    await Promise.all([...this.ending]);
    if (this.connectBack) await (await this.connectBack).close();
  }
}

const LINGER_MS = 2000;
const shared = new Map<string, { pool: LauncherPool; users: number; linger?: NodeJS.Timeout }>();
// a worker thread kept for another target: a lingering pool's launchers were the earlier target's
onNextTarget(async () => {
  const entries = [...shared.values()];
  shared.clear();
  for (const entry of entries) if (entry.linger) clearTimeout(entry.linger);
  await Promise.all(entries.map((entry) => entry.pool.close().catch(() => {})));
});

/** The pool for these options, shared with every open target that has the same; release it when done. */
export function sharedPool(options: PoolOptions): { pool: LauncherPool; release(): Promise<void> } {
  const key = JSON.stringify(options);
  let entry = shared.get(key);
  if (!entry) {
    entry = { pool: new LauncherPool(options), users: 0 };
    shared.set(key, entry);
  }
  const mine = entry;
  mine.users += 1;
  if (mine.linger) clearTimeout(mine.linger);
  delete mine.linger;
  mine.pool.park(false);
  let released = false;
  return {
    pool: mine.pool,
    async release() {
      if (released) return;
      released = true;
      mine.users -= 1;
      if (mine.users > 0) return;
      mine.pool.park(true);
      mine.linger = setTimeout(() => {
        if (mine.users > 0 || shared.get(key) !== mine) return;
        shared.delete(key);
        mine.pool.close().catch(() => {});
      }, LINGER_MS);
      mine.linger.unref();
    },
  };
}
