/**
 * Runs ahead of the tests that read them: `plan(file, kinds)` queues the run of every test of
 * the file that will run (its suite named `<kind> <key>`), in the file's order, `slots` at a time;
 * `result(kind, key)` is that run's result, awaited by its test. Tests still run one after another
 * and judge their own run only; what overlaps is the runs. A test filtered out starts none.
 */
import type { RunnerTestFile, RunnerTestSuite } from "vitest";

type Task = RunnerTestFile["tasks"][number];

export class RunAhead<T> {
  private readonly queue: (() => void)[] = [];
  private readonly started = new Map<string, Promise<T>>();
  private running = 0;

  constructor(
    private readonly slots: number,
    private readonly start: (kind: string, key: string) => Promise<T>,
  ) {}

  /** Queues the run of each test that will run, in file order. */
  plan(file: Readonly<RunnerTestSuite | RunnerTestFile>, kinds: readonly string[]): void {
    for (const suite of suitesOf(file.tasks)) {
      if (!suite.tasks.some((t) => t.type === "test" && t.mode === "run")) continue;
      const kind = kinds.find((k) => suite.name.startsWith(`${k} `));
      if (kind !== undefined) this.enqueue(kind, suite.name.slice(kind.length + 1));
    }
  }

  /** The run of (kind, key): queued by plan, or started now if it was not. */
  result(kind: string, key: string): Promise<T> {
    return this.started.get(`${kind} ${key}`) ?? this.enqueue(kind, key);
  }

  private enqueue(kind: string, key: string): Promise<T> {
    const name = `${kind} ${key}`;
    const run = new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        this.running += 1;
        this.start(kind, key).then(resolve, reject).finally(() => {
          this.running -= 1;
          this.next();
        });
      });
    });
    // a run whose test never awaits it (the test failed earlier) is not an unhandled rejection
    run.catch(() => undefined);
    this.started.set(name, run);
    this.next();
    return run;
  }

  private next(): void {
    while (this.running < this.slots && this.queue.length > 0) this.queue.shift()!();
  }
}

function suitesOf(tasks: readonly Task[]): RunnerTestSuite[] {
  return tasks.flatMap((t) => (t.type === "suite" ? [t, ...suitesOf(t.tasks)] : []));
}
