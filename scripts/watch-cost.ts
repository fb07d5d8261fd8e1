/**
 * A run's fixed cost where the runner outlives the run (`run --watch`): a whole run, then 2-clause
 * and whole runs typed in turn, each run's CPU the process's own /proc reading, prompt to prompt.
 */
import { existsSync, readFileSync } from "node:fs";
import { execa } from "execa";
import { CLOCK_TICKS, parseStat } from "./process-cpu.js";

export interface WatchedRun {
  seconds: number;
  cpuSeconds: number;
  clauses: number;
  passed: boolean;
}

export interface WatchCost {
  rounds: number;
  /** the watch's first run, a whole one: the start of node, the CLI, vitest and its workers included */
  first: WatchedRun;
  small: WatchedRun[];
  whole: WatchedRun[];
  cpuRatios: number[];
  /** median of the rounds' CPU ratios, small / whole */
  cpuRatio: number;
}

/** bound on one run of the watch, prompt to prompt */
const RUN_BOUND_MS = 300_000;
const PROMPT = "ego-conformance: watching:";

export function canMeasureWatchCost(): boolean {
  return existsSync("/proc/self/stat");
}

/**
 * `bin run --watch` with `wholeArgs`, then `rounds` times a line of `smallArgs` and one of
 * `wholeArgs` (both must include `--json`).
 */
export async function measureWatchCost(options: { bin: string; cwd: string; rounds: number; wholeArgs: string[]; smallArgs: string[] }): Promise<WatchCost> {
  const child = execa(process.execPath, [options.bin, "run", "--watch", ...options.wholeArgs], { cwd: options.cwd, reject: false, stdin: "pipe", timeout: RUN_BOUND_MS * (1 + 2 * options.rounds) });
  let stdout = "";
  let stderr = "";
  let prompts = 0;
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
  const ticks = () => parseStat(readFileSync(`/proc/${child.pid}/stat`, "utf8")).ticks;
  let runs = 0;
  const measured = async (line: string | undefined): Promise<WatchedRun> => {
    const before = ticks();
    const t0 = process.hrtime.bigint();
    const prompted = new Promise<void>((resolve) => waiters.push(resolve));
    if (line !== undefined) child.stdin!.write(`${line}\n`);
    let timer: NodeJS.Timeout | undefined;
    const exited = child.then((r) => {
      throw new Error(`the watch ended (exit ${r.exitCode}) before its run was done:\n${stderr.slice(-2000)}`);
    });
    // once the watch is done, this is no one's concern
    exited.catch(() => undefined);
    const bound = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no prompt within ${RUN_BOUND_MS / 1000} s`)), RUN_BOUND_MS)));
    try {
      await Promise.race([prompted, exited, bound]);
    } finally {
      clearTimeout(timer);
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpuSeconds = (ticks() - before) / CLOCK_TICKS;
    const summaries = stdout.trim().split("\n");
    if (summaries.length !== ++runs) throw new Error(`the watch printed ${summaries.length} summaries for ${runs} runs:\n${stderr.slice(-2000)}`);
    const summary = JSON.parse(summaries.at(-1)!) as { passed: boolean; clauses: unknown[] };
    return { seconds: round(seconds, 2), cpuSeconds: round(cpuSeconds, 2), clauses: summary.clauses.length, passed: summary.passed };
  };
  try {
    // before the first prompt: the process's whole life so far, its start included
    const first = await measured(undefined);
    const small: WatchedRun[] = [];
    const whole: WatchedRun[] = [];
    for (let k = 0; k < options.rounds; k++) {
      small.push(await measured(options.smallArgs.join(" ")));
      whole.push(await measured(options.wholeArgs.join(" ")));
    }
    const cpuRatios = small.map((s, i) => s.cpuSeconds / Math.max(whole[i]!.cpuSeconds, 1 / CLOCK_TICKS));
    return { rounds: options.rounds, first, small, whole, cpuRatios: cpuRatios.map((r) => round(r, 3)), cpuRatio: round(median(cpuRatios), 3) };
  } finally {
    child.stdin!.end();
    await Promise.race([child, new Promise((r) => setTimeout(r, 30_000))]);
    child.kill("SIGKILL");
  }
}

function round(x: number, digits: number): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
