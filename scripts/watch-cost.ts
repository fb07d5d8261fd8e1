/**
 * A run's fixed cost where the runner outlives the run (`run --watch`): a whole run, then 2-clause
 * and whole runs typed in turn, each run's CPU the process's own /proc reading, prompt to prompt.
 */
import { existsSync, readFileSync } from "node:fs";
import { CLOCK_TICKS, parseStat } from "./process-cpu.js";
import { median, round } from "./stats.js";
import { startWatch } from "./watch-session.js";

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

export function canMeasureWatchCost(): boolean {
  return existsSync("/proc/self/stat");
}

/**
 * `bin run --watch` with `wholeArgs`, then `rounds` times a line of `smallArgs` and one of
 * `wholeArgs` (both must include `--json`). The process's CPU counts its worker threads and any
 * child it reaped.
 */
export async function measureWatchCost(options: { bin: string; cwd: string; rounds: number; wholeArgs: string[]; smallArgs: string[] }): Promise<WatchCost> {
  const watch = startWatch({ bin: options.bin, cwd: options.cwd, args: options.wholeArgs, boundMs: RUN_BOUND_MS, maxRuns: 1 + 2 * options.rounds });
  const ticks = () => parseStat(readFileSync(`/proc/${watch.child.pid}/stat`, "utf8")).ticks;
  const measured = async (line: string | undefined): Promise<WatchedRun> => {
    const before = ticks();
    const { summary, seconds } = await watch.run(line);
    return { seconds: round(seconds, 2), cpuSeconds: round((ticks() - before) / CLOCK_TICKS, 2), clauses: summary.clauses.length, passed: summary.passed };
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
    watch.child.stdin!.end();
    await Promise.race([watch.child, new Promise((r) => setTimeout(r, 30_000))]);
    watch.child.kill("SIGKILL");
  }
}
