/**
 * A client of `ego-conformance run --watch --json` as a script drives it: a line typed, then the
 * run's one-line summary once the watch says it waits again; every wait bounded, the exit too.
 */
import { execa, type ResultPromise } from "execa";

/** what the watch says when a run is done and it waits for the next trigger (src/cli/run-watch.ts) */
const PROMPT = "ego-conformance: watching:";

export interface WatchedSummary {
  passed: boolean;
  totals: Record<string, number>;
  clauses: { id: string; area: string; status: string }[];
}

export interface WatchSession {
  readonly child: ResultPromise<{ reject: false; stdin: "pipe"; timeout: number }>;
  /** types `line` (none: the first run, which starts with the command) and gives that run's summary */
  run(line?: string): Promise<{ summary: WatchedSummary; seconds: number }>;
  /** types `line` and waits until the watch waits again, having made no run of it */
  refused(line: string): Promise<void>;
  stderr(): string;
}

/** Starts `bin run --watch ...args`; `boundMs` bounds each run and, times the runs it may make, the process. */
export function startWatch(options: { bin: string; cwd: string; args: string[]; boundMs: number; maxRuns?: number }): WatchSession {
  const child = execa(process.execPath, [options.bin, "run", "--watch", ...options.args], { cwd: options.cwd, reject: false, stdin: "pipe", timeout: options.boundMs * (options.maxRuns ?? 10) });
  let stdout = "";
  let stderr = "";
  let prompts = 0;
  let runs = 0;
  const waiters: (() => void)[] = [];
  child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on("data", (d: Buffer) => {
    stderr += d.toString();
    const seen = stderr.split(PROMPT).length - 1;
    while (prompts < seen) {
      prompts++;
      waiters.shift()?.();
    }
  });
  const summaries = () => stdout.split("\n").filter((l) => l.trim() !== "");
  const prompted = async (line: string | undefined): Promise<void> => {
    const next = new Promise<void>((resolve) => waiters.push(resolve));
    if (line !== undefined) child.stdin!.write(`${line}\n`);
    let timer: NodeJS.Timeout | undefined;
    const exited = child.then((r) => {
      throw new Error(`the watch ended (exit ${r.exitCode}) before it waited again:\n${stderr.slice(-2000)}`);
    });
    // once the watch waits again, its later exit is no one's concern here
    exited.catch(() => undefined);
    const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`the watch did not wait again within ${options.boundMs / 1000} s:\n${stderr.slice(-2000)}`)), options.boundMs)));
    try {
      await Promise.race([next, exited, bound]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    child,
    async run(line) {
      const t0 = process.hrtime.bigint();
      await prompted(line);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const printed = summaries();
      if (printed.length !== ++runs) throw new Error(`the watch printed ${printed.length} summaries for ${runs} runs:\n${stderr.slice(-2000)}`);
      return { summary: JSON.parse(printed.at(-1)!) as WatchedSummary, seconds };
    },
    async refused(line) {
      await prompted(line);
      if (summaries().length !== runs) throw new Error(`the watch ran '${line}'`);
    },
    stderr: () => stderr,
  };
}
