/**
 * One vitest in this process for many runs (vitest's Node API): its start is paid once, not once
 * per target, and each target's phase gets exactly the environment its own vitest child would.
 */
import { createVitest, type Reporter, type TestModule, type Vitest } from "vitest/node";
import { conformanceReporters } from "./conformance-reporters.js";
import { conformanceTestConfig } from "./conformance-config.js";
import { keepThreads, ThreadPark } from "./kept-threads.js";
import { PROJECT_ROOT, vitestPhases, type VitestPhase } from "./vitest-phases.js";

export interface PhaseSelection {
  areas: readonly string[];
  grep?: RegExp;
}

export interface RunnerOptions {
  /** the clause files at once vitest starts with; each phase then runs with its own `--maxWorkers` */
  maxWorkers: number;
  /** the vitest config (default: the conformance config); the runner's self-test gives its own */
  config?: string;
  /** the directory vitest's filters are relative to (default: the project) */
  root?: string;
  /** told why vitest could not start, when `ready` finds it cannot (the run then starts a child) */
  onStartFailure?: (error: unknown) => void;
  /**
   * keep the worker threads and their loaded modules from one target to the next (./kept-threads.ts);
   * a thread whose target crashed, timed out or was cancelled is ended, never kept
   */
  keepWorkers?: boolean;
}

/**
 * vitest ends a run's workers with its last file, so no worker or module state goes from one target
 * to the next, unless the runner keeps its workers (`keepWorkers`: each target then gets its own
 * environment and per-target state in the kept threads, ./kept-threads.ts); what this process keeps
 * (reporters, name filter, exit code) is reset before each target, and this process's environment
 * is never changed, so two runners may run side by side.
 */
export class ClauseRunner {
  readonly #options: RunnerOptions;
  readonly #maxWorkers: number;
  readonly #root: string;
  #starting: Promise<void> | undefined;
  #vitest: Vitest | undefined;
  /** the test runner module each project had before allure-vitest wrapped it (it wraps on each init) */
  #runners = new Map<object, string | undefined>();
  /** each project's own environment for its workers, which a phase's is laid over */
  #envs = new Map<{ config: { env: Record<string, string> } }, Record<string, string>>();
  /** the threads kept between targets, when the runner keeps its workers */
  readonly #park: ThreadPark | undefined;
  #startFailed = false;
  #cancelled = false;
  #busy = false;
  #closed = false;

  private constructor(options: RunnerOptions) {
    this.#options = options;
    this.#maxWorkers = Math.max(1, Math.floor(options.maxWorkers));
    this.#root = options.root ?? PROJECT_ROOT;
    this.#park = options.keepWorkers === true ? new ThreadPark() : undefined;
  }

  /** A runner whose vitest has started: a config that fails throws here (the matrix then starts a vitest per target). */
  static async start(options: RunnerOptions): Promise<ClauseRunner> {
    const runner = new ClauseRunner(options);
    await runner.#start();
    return runner;
  }

  /**
   * A runner whose vitest starts when its first phase is ready to run (`ready`), inside the run's
   * interrupt guard: a run refused before it gets there pays nothing for it (the CLI's `run`).
   */
  static lazy(options: RunnerOptions): ClauseRunner {
    return new ClauseRunner(options);
  }

  /**
   * Starts vitest if it has not started; false when it cannot (the phase then goes as a child, as
   * without a runner, and so does every later one), after `onStartFailure` has been told why.
   */
  async ready(): Promise<boolean> {
    if (this.#startFailed || this.#closed) return false;
    try {
      await this.#start();
      return true;
    } catch (error) {
      this.#startFailed = true;
      this.#options.onStartFailure?.(error);
      return false;
    }
  }

  #start(): Promise<void> {
    this.#starting ??= (async () => {
      // the config's own reporters are made but never initialised: each target gets its own (runPhase)
      // the conformance options inline, not its config file: loading a config file bundles it and
      // what it imports first, most of the start's CPU; the reporters are each target's own
      const config = this.#options.config !== undefined ? { config: this.#options.config } : { ...conformanceTestConfig(this.#root), reporters: [], config: false as const };
      const vitest = await withoutProcessHandlers(() => createVitest("test", { ...config, root: this.#root, watch: false, maxWorkers: this.#maxWorkers }, {}, { stdout: process.stderr, stderr: process.stderr }));
      this.#vitest = vitest;
      if (this.#park) keepThreads(vitest, this.#park);
      this.#runners = new Map(vitest.projects.map((p) => [p, p.config.runner]));
      this.#envs = new Map(vitest.projects.map((p) => [p as unknown as { config: { env: Record<string, string> } }, { ...(p.config.env as Record<string, string> | undefined) }]));
    })();
    return this.#starting;
  }

  /** Whether `phase` is one this runner runs as its own vitest would: the in-process fake's, with its own number of workers. */
  accepts(phase: VitestPhase): boolean {
    return !this.#closed && !this.#startFailed && workersOf(phase) !== undefined;
  }

  /**
   * Runs one target's phase with `env` (the variables its own vitest child would get on top of
   * this process's). Resolves when the phase's files are done; the unhandled errors (a worker
   * that crashed) are printed by its progress reporter, as they are in a child, and returned.
   */
  async runPhase(phase: VitestPhase, selection: PhaseSelection, env: Record<string, string>): Promise<{ unhandledErrors: number }> {
    const workers = workersOf(phase);
    if (!this.accepts(phase) || workers === undefined) throw new Error("the runner runs only the in-process fake's phase");
    if (this.#busy) throw new Error("a runner runs one target at a time");
    this.#busy = true;
    const exitCode = process.exitCode;
    this.#park?.beginTarget();
    let clean = false;
    try {
      await this.#start();
      const vitest = this.#vitest!;
      // a Ctrl-C that came while vitest started: the phase does not begin
      if (this.#cancelled) return { unhandledErrors: 0 };
      // the workers vitest starts for this phase get this process's environment and the project's on top (as a child would get the run's)
      for (const [project, original] of this.#envs) project.config.env = { ...original, ...env };
      // the phase's clause files at once (vitest reads a project's maxWorkers for each run)
      for (const project of vitest.projects) (project.config as { maxWorkers?: number }).maxWorkers = workers;
      const phaseEnv = { ...process.env, ...env };
      const reporters = this.#reportersFor(phaseEnv);
      withReporters(vitest).reporters = reporters;
      for (const reporter of reporters) await reporter.onInit?.(vitest);
      if (selection.grep) vitest.setGlobalTestNamePattern(selection.grep);
      else vitest.resetGlobalTestNamePattern();
      const specs = await vitest.globTestSpecifications(selection.areas.map((area) => `suites/${area}/`));
      // vitest keeps one record per file path across runs; a file this target queued but never ran
      // (its worker crashed first) would report the previous target's results as this one's
      const state = vitest.state;
      for (const project of vitest.projects) state.clearFiles(project, state.getFilepaths());
      const result = await vitest.runTestSpecifications(specs);
      clean = result.unhandledErrors.length === 0 && !this.#cancelled && !timedOut(result.testModules);
      return { unhandledErrors: result.unhandledErrors.length };
    } finally {
      // a thread that saw a crash, a timeout or a cancel may still hold its target's work: never kept
      if (!clean) await this.#park?.spoilTarget();
      if (this.#vitest) withReporters(this.#vitest).reporters = [];
      for (const [project, original] of this.#envs) project.config.env = original;
      // vitest marks a failed run in the exit code; this process's exit is the CLI's to decide
      process.exitCode = exitCode;
      this.#busy = false;
    }
  }

  /**
   * Files changed, made or removed on disk since this runner loaded them (`run --watch`): vitest
   * forgets their transforms and its list of test files, and no kept thread, whose loaded modules
   * hold the old code, runs a target again.
   */
  async reload(files: readonly string[]): Promise<void> {
    if (this.#busy) throw new Error("a runner reloads between targets, not during one");
    for (const file of files) this.#vitest?.invalidateFile(file);
    this.#vitest?.clearSpecificationsCache();
    await this.#park?.spoilTarget();
  }

  /** Stops the phase running (Ctrl-C): its workers are ended, its files left unfinished. */
  async cancel(reason: NodeJS.Signals): Promise<void> {
    this.#cancelled = true;
    // parks nothing from now on; the parked threads end while the run's files are stopped
    const closing = this.#park?.close();
    await this.#vitest?.cancelCurrentRun(reason === "SIGINT" ? "keyboard-input" : "test-failure");
    await closing;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    // a start under way is waited for, so its vitest is closed too (a failed one closed itself)
    await this.#starting?.catch(() => {});
    await this.#park?.close();
    await this.#vitest?.close();
  }

  /** The reporters of a phase, from its environment (the config's choice: src/run/conformance-reporters.ts). */
  #reportersFor(env: NodeJS.ProcessEnv): Reporter[] {
    // allure-vitest's init wraps each project's test runner module: each target's wraps the original
    for (const [project, runner] of this.#runners) (project as { config: { runner?: string } }).config.runner = runner;
    // the config's reporters, less vitest's default one (a run without the progress display prints it to stderr: only the run's own results matter here)
    return conformanceReporters(env).filter((r): r is Reporter => r !== "default");
  }
}

/** The workers of the in-process fake's phase (its only arguments are `--maxWorkers N`), or undefined for any other phase. */
function workersOf(phase: VitestPhase): number | undefined {
  const workers = Number(phase.args[1]);
  const fake = vitestPhases(false, undefined, [], workers)[0]!;
  return phase.files === undefined && fake.args.length === phase.args.length && fake.args.every((a, i) => a === phase.args[i]) ? workers : undefined;
}

/** Whether a test or hook of `modules` ran out of its time: its work may still run in its thread. */
function timedOut(modules: readonly TestModule[]): boolean {
  const errors = modules.flatMap((m) => [...m.errors(), ...[...m.children.allTests()].flatMap((t) => t.result().errors ?? [])]);
  return errors.some((e) => /\b(Test|Hook) timed out in \d+ms/.test(e.message));
}

/** vitest reports to the reporters in this field (its type keeps it private); a phase's are set there. */
function withReporters(vitest: Vitest): { reporters: Reporter[] } {
  return vitest as unknown as { reporters: Reporter[] };
}

const PROCESS_EVENTS = ["SIGINT", "SIGTERM", "exit", "unhandledRejection"] as const;

/**
 * vitest's logger exits the process on SIGINT, SIGTERM and an unhandled rejection: its own CLI
 * owns the process. Here the process is the harness's CLI, whose run guard turns Ctrl-C into
 * stopping the suites, closing the run's task spaces and writing what ran (the matrix's bundle):
 * what `make` adds for those events is removed again.
 */
async function withoutProcessHandlers<T>(make: () => Promise<T>): Promise<T> {
  const before = new Map(PROCESS_EVENTS.map((e) => [e, new Set(process.listeners(e as "SIGINT"))]));
  const removeAdded = () => {
    for (const [event, had] of before) {
      for (const listener of process.listeners(event as "SIGINT")) if (!had.has(listener)) process.removeListener(event, listener);
    }
  };
  try {
    // vitest adds them as it is constructed, before it loads the config: removed at once, so a
    // Ctrl-C during the start is the run guard's, not vitest's exit
    const made = make();
    removeAdded();
    return await made;
  } finally {
    removeAdded();
  }
}
