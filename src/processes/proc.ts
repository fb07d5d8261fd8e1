/**
 * What Linux's /proc says about a process: its group, its state, when it started. A recorded pid is
 * alive only when its process also started when the record says, since the kernel reuses pids.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** its process group */
  pgid: number;
  /** one letter: R, S, D, Z (a zombie: it runs nothing), T ... */
  state: string;
  /** when it started, in clock ticks since boot (stat field 22) */
  startTicks: number;
  /** its command line, arguments joined with spaces */
  command: string;
}

/** /proc/<pid>/stat and cmdline, or null when there is no such process (or no /proc). */
export function readProc(pid: number, procDir = "/proc"): ProcInfo | null {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  let line: string;
  try {
    line = readFileSync(`${procDir}/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // the command name in parentheses may itself hold spaces and parentheses
  const close = line.lastIndexOf(") ");
  if (close < 0) return null;
  const fields = line.slice(close + 2).trim().split(/\s+/);
  let command = "";
  try {
    command = readFileSync(`${procDir}/${pid}/cmdline`, "utf8").replace(/\0+$/, "").replaceAll("\0", " ");
  } catch {
    // gone between the two reads
  }
  return { pid, state: fields[0] ?? "?", ppid: Number(fields[1]), pgid: Number(fields[2]), startTicks: Number(fields[19]), command };
}

/** Every process /proc lists now. */
export function listProcs(procDir = "/proc"): ProcInfo[] {
  let names: string[];
  try {
    names = readdirSync(procDir);
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name), procDir);
    if (info) out.push(info);
  }
  return out;
}

/** Whether `pid` is a live process here (EPERM: it exists, owned by someone else). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the process a record names is still running: `pid` is alive and not a zombie and, when
 * the record has its start time, the process with that pid started then. EPERM (someone else's
 * process) counts as alive when /proc cannot say more.
 */
export function recordedProcessAlive(pid: number, startTicks?: number | null): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const info = readProc(pid);
  if (info === null) return true; // no /proc here: kill(0) is all we know
  if (info.state === "Z") return false;
  return startTicks === undefined || startTicks === null || info.startTicks === startTicks;
}
