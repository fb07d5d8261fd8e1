/**
 * A vitest pool whose worker threads a runner keeps from one target to the next, so a later target
 * does not load the harness's modules again; used only by the runner (./runner.ts), never by a vitest child.
 */
import { resolve } from "node:path";
import type { Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { PoolOptions, PoolWorker, Vitest, WorkerRequest } from "vitest/node";

/** the pool's name in a project's config: vitest takes the built-in "threads" before a custom pool */
const KEPT_THREADS = "kept-threads";
const ENTRY = resolve(import.meta.dirname, "kept-thread.mjs");
/** the message that hands a kept thread its next target's environment (./kept-thread.mjs) */
const NEXT_TARGET = "__egoConformanceNextTarget__";

/**
 * The threads a runner keeps between targets. A thread is parked only when vitest stopped it
 * cleanly; a target marked spoiled (a crash, a timeout, a cancel) parks none and ends those parked.
 */
export class ThreadPark {
  #parked: Worker[] = [];
  #keeping = true;
  #closed = false;
  #ended = new Set<Promise<unknown>>();

  /** A parked thread for a new worker, if any. */
  take(): Worker | undefined {
    // a thread that ended while parked (its id is then -1) is dropped
    let thread = this.#parked.pop();
    while (thread !== undefined && thread.threadId === -1) thread = this.#parked.pop();
    return thread;
  }

  /** A thread vitest is done with: parked, or ended when the target is spoiled or the park closed. */
  put(thread: Worker): void {
    if (this.#keeping && !this.#closed) this.#parked.push(thread);
    else this.#end(thread);
  }

  /** A target starts: its threads may be parked again (unless the park is closed). */
  beginTarget(): void {
    this.#keeping = true;
  }

  /** The running target crashed, timed out or was cancelled: no thread of it is parked, none parked is kept. */
  async spoilTarget(): Promise<void> {
    this.#keeping = false;
    for (const thread of this.#parked.splice(0)) this.#end(thread);
    await Promise.all(this.#ended);
  }

  /** Ends every parked thread and parks none from now on. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.spoilTarget();
  }

  #end(thread: Worker): void {
    const ended = thread.terminate().catch(() => undefined);
    this.#ended.add(ended);
    void ended.then(() => this.#ended.delete(ended));
  }
}

/** One worker of the pool: a parked thread adopted with this target's environment, or a new thread. */
class KeptThreadWorker implements PoolWorker {
  readonly name = KEPT_THREADS;
  readonly #park: ThreadPark;
  readonly #env: Partial<NodeJS.ProcessEnv>;
  readonly #execArgv: string[];
  readonly #stdout: Writable;
  readonly #stderr: Writable;
  #thread: Worker | undefined;
  #listeners: [string, (arg: unknown) => void][] = [];
  #exited = false;
  #stopAsked = false;
  #stoppedCleanly = false;

  constructor(options: PoolOptions, park: ThreadPark) {
    this.#park = park;
    this.#env = options.env;
    this.#execArgv = options.execArgv;
    this.#stdout = options.project.vitest.logger.outputStream as Writable;
    this.#stderr = options.project.vitest.logger.errorStream as Writable;
  }

  get #current(): Worker {
    if (this.#thread === undefined) throw new Error("kept threads: the worker's thread is not started");
    return this.#thread;
  }

  async start(): Promise<void> {
    if (this.#thread !== undefined) return;
    const adopted = this.#park.take();
    const thread = adopted ?? new Worker(ENTRY, { env: this.#env, execArgv: this.#execArgv, stdout: true, stderr: true });
    this.#thread = thread;
    // posted before vitest's start message, which the thread reads after it
    if (adopted) thread.postMessage({ [NEXT_TARGET]: this.#env });
    this.#track("exit", () => (this.#exited = true));
    this.#track("message", (message) => {
      const m = message as { __vitest_worker_response__?: boolean; type?: string; error?: unknown } | null;
      if (m?.__vitest_worker_response__ === true && m.type === "stopped" && this.#stopAsked) this.#stoppedCleanly = m.error === undefined;
    });
    for (const [from, to] of [[thread.stdout, this.#stdout], [thread.stderr, this.#stderr]] as const) {
      to.setMaxListeners(to.getMaxListeners() + 1);
      from.pipe(to);
    }
  }

  on(event: string, callback: (arg: unknown) => void): void {
    this.#track(event, callback);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    this.#listeners = this.#listeners.filter(([e, c]) => e !== event || c !== callback);
    this.#current.off(event, callback);
  }

  send(message: WorkerRequest): void {
    if (message.type === "stop") this.#stopAsked = true;
    this.#current.postMessage(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  /** Parks the thread when vitest stopped it cleanly and it still runs; ends it otherwise (a forced stop: a crash, a timeout, a cancel). */
  async stop(): Promise<void> {
    const thread = this.#thread;
    if (thread === undefined) return;
    this.#thread = undefined;
    for (const [event, callback] of this.#listeners) thread.off(event, callback);
    this.#listeners = [];
    for (const [from, to] of [[thread.stdout, this.#stdout], [thread.stderr, this.#stderr]] as const) {
      from.unpipe(to);
      to.setMaxListeners(to.getMaxListeners() - 1);
    }
    if (this.#stoppedCleanly && !this.#exited) this.#park.put(thread);
    else await thread.terminate();
  }

  #track(event: string, callback: (arg: unknown) => void): void {
    this.#listeners.push([event, callback]);
    this.#current.on(event, callback);
  }
}

/** Makes `vitest`'s thread projects run their files in threads `park` keeps; other pools are left as they are. */
export function keepThreads(vitest: Vitest, park: ThreadPark): void {
  for (const project of vitest.projects) {
    const config = project.config as { pool: string; poolRunner?: { name: string; createPoolWorker(options: PoolOptions): PoolWorker } };
    if (config.pool !== "threads") continue;
    config.pool = KEPT_THREADS;
    config.poolRunner = { name: KEPT_THREADS, createPoolWorker: (options) => new KeptThreadWorker(options, park) };
  }
}
