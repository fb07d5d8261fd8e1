/**
 * CPU time of a process tree by Chromium process kind, read from Linux's /proc. A reading counts reaped
 * children too, so the difference of two readings includes renderers that exited in between.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on every Linux build the project runs on) */
export const CLOCK_TICKS = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** own user + system time and reaped children's, in clock ticks */
  ticks: number;
}

/** One /proc/<pid>/stat line; the command name in parentheses may itself hold spaces and parentheses. */
export function parseStat(line: string): ProcStat {
  const open = line.indexOf(" (");
  const close = line.lastIndexOf(") ");
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  const fields = line.slice(close + 2).trim().split(/\s+/);
  // fields[0] is the state (stat field 3): utime, stime, cutime and cstime are stat fields 14 to 17
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  if (![utime, stime, cutime, cstime].every(Number.isFinite)) throw new Error(`not a /proc stat line: ${line.slice(0, 80)}`);
  return { pid: Number(line.slice(0, open)), ppid: Number(fields[1]), ticks: utime! + stime! + cutime! + cstime! };
}

/**
 * The Chromium process kind of a command line as /proc/<pid>/cmdline holds it: NUL-separated, or
 * space-separated once Chromium has rewritten a child's title (its renderers do).
 */
export function processKind(cmdline: string): string {
  const type = /(?:^|[\0 ])--type=([^\0 ]+)/.exec(cmdline);
  return type ? type[1]! : "browser";
}

export interface ProcEntry extends ProcStat {
  /** as /proc/<pid>/cmdline holds it */
  cmdline: string;
}

/** Every process /proc lists now, with its stat and command line. */
export function listProcesses(procDir = "/proc"): ProcEntry[] {
  const entries: ProcEntry[] = [];
  for (const name of readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = parseStat(readFileSync(join(procDir, name, "stat"), "utf8"));
      entries.push({ ...stat, cmdline: readFileSync(join(procDir, name, "cmdline"), "utf8") });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return entries;
}

/**
 * CPU-seconds by kind of the processes whose command line contains `marker` (a browser's
 * `--user-data-dir=...`), and of all their descendants.
 */
export function treeCpuByKind(marker: string, procDir = "/proc"): Record<string, number> {
  const entries = listProcesses(procDir);
  const children = new Map<number, ProcEntry[]>();
  for (const e of entries) children.set(e.ppid, [...(children.get(e.ppid) ?? []), e]);
  const seen = new Set<number>();
  const queue = entries.filter((e) => e.cmdline.includes(marker));
  const byKind: Record<string, number> = {};
  while (queue.length > 0) {
    const e = queue.pop()!;
    if (seen.has(e.pid)) continue;
    seen.add(e.pid);
    const kind = processKind(e.cmdline);
    byKind[kind] = (byKind[kind] ?? 0) + e.ticks / CLOCK_TICKS;
    queue.push(...(children.get(e.pid) ?? []));
  }
  return byKind;
}

/** `after - before`, kind by kind. */
export function cpuDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const kinds = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries([...kinds].map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}
