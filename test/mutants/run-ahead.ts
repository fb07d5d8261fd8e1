/**
 * Runs ahead of the tests that read them: `plan(file, kinds)` queues the run of every test of
 * the file that will run (its suite named `<kind> <key>`), in the file's order, `slots` at a time;
 * `result(kind, key)` is that run's result, awaited by its test. Tests still run one after another
 * and judge their own run only; what overlaps is the runs. A test filtered out starts none.
 *
 * A grouped kind shares runs: the tests whose keys fall in one group (`groupOf`) get one run,
 * started with the keys of that group's tests that will run, in file order, and queued where
 * the group's first test is. Such a run takes `width` of the slots (a run that keeps several
 * processes busy); one wider than all of them starts when nothing else runs.
 */
import type { RunnerTestFile, RunnerTestSuite } from "vitest";

type Task = RunnerTestFile["tasks"][number];

export interface Grouping {
  /** the group a key's test shares its run with */
  groupOf: (key: string) => string;
  /** how many slots a run of the kind takes, started with these keys */
  width: (keys: readonly string[]) => number;
}

interface Job {
  kind: string;
  /** the key the run is started with: the test's own, or its group's */
  key: string;
  /** the keys of the tests that read the run */
  keys: string[];
}

export class RunAhead<T> {
  private readonly queue: { width: number; start: () => void }[] = [];
  private readonly started = new Map<string, Promise<T>>();
  private running = 0;

  constructor(
    private readonly slots: number,
    /** starts a run: for a grouped kind `key` is the group and `keys` its tests' keys, else `keys` is [key] */
    private readonly start: (kind: string, key: string, keys: readonly string[]) => Promise<T>,
    private readonly groupings: Readonly<Record<string, Grouping>> = {},
  ) {}

  /** Queues the run of each test that will run, in file order; a group's once, with all its tests' keys. */
  plan(file: Readonly<RunnerTestSuite | RunnerTestFile>, kinds: readonly string[]): void {
    const jobs = new Map<string, Job>();
    for (const suite of suitesOf(file.tasks)) {
      if (!suite.tasks.some((t) => t.type === "test" && t.mode === "run")) continue;
      const kind = kinds.find((k) => suite.name.startsWith(`${k} `));
      if (kind === undefined) continue;
      const key = suite.name.slice(kind.length + 1);
      const job = this.jobOf(kind, key);
      const id = `${kind} ${job.key}`;
      const planned = jobs.get(id);
      if (planned === undefined) jobs.set(id, job);
      else planned.keys.push(key);
    }
    for (const job of jobs.values()) this.enqueue(job);
  }

  /** The run of (kind, key): queued by plan, or started now if it was not. */
  result(kind: string, key: string): Promise<T> {
    return this.started.get(`${kind} ${key}`) ?? this.enqueue(this.jobOf(kind, key));
  }

  private jobOf(kind: string, key: string): Job {
    const grouping = this.groupings[kind];
    return { kind, key: grouping === undefined ? key : grouping.groupOf(key), keys: [key] };
  }

  private enqueue(job: Job): Promise<T> {
    const width = this.groupings[job.kind]?.width(job.keys) ?? 1;
    const run = new Promise<T>((resolve, reject) => {
      this.queue.push({
        width,
        start: () => {
          this.running += width;
          // the slots are free, and the next run started, before a test sees this one's result
          const done = () => {
            this.running -= width;
            this.next();
          };
          this.start(job.kind, job.key, [...job.keys]).then(
            (result) => (done(), resolve(result)),
            (error: unknown) => (done(), reject(error)),
          );
        },
      });
    });
    // a run whose test never awaits it (the test failed earlier) is not an unhandled rejection
    run.catch(() => undefined);
    for (const key of job.keys) this.started.set(`${job.kind} ${key}`, run);
    this.next();
    return run;
  }

  /** In queue order: the next run starts when its width fits, or when nothing runs. */
  private next(): void {
    while (this.queue.length > 0 && (this.running === 0 || this.running + this.queue[0]!.width <= this.slots)) this.queue.shift()!.start();
  }
}

function suitesOf(tasks: readonly Task[]): RunnerTestSuite[] {
  return tasks.flatMap((t) => (t.type === "suite" ? [t, ...suitesOf(t.tasks)] : []));
}
