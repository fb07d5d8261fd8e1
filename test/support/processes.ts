/** Whether processes are gone, for tests that must leave nothing behind. */
import { readdirSync, readFileSync } from "node:fs";

/** Dead: no such process, or a zombie nobody has reaped yet (it runs nothing). */
export function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false;
  } catch {
    return true;
  }
}

export async function eventuallyGone(pid: number, withinMs = 3000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if (gone(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return gone(pid);
}

/**
 * The leak check every installed run of the self-tests goes through (the soak's, shared): each
 * run gets its own tag in its environment, which everything it starts inherits (launchers,
 * vitest, the fake app, what a wrapper script leaves); after the run, /proc must hold no live
 * process with that tag. A process that drops its environment on purpose is out of reach, as
 * one that leaves its group with setsid is for the harness (docs/installed-targets.md).
 */
export const LEAK_TAG_ENV = "EGO_CONFORMANCE_SELFTEST_TAG";

let tags = 0;
export function newLeakTag(): string {
  return `${process.pid}-${Date.now()}-${++tags}`;
}

/** The live processes whose environment carries `tag` (as `pid command`). */
export function processesTagged(tag: string): string[] {
  const needle = `${LEAK_TAG_ENV}=${tag}\0`;
  const out: string[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${name}/environ`, "latin1").includes(needle)) continue;
      if (gone(Number(name))) continue;
      out.push(`${name} ${readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ").trim()}`);
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}

/** What is still running with `tag` once `withinMs` have passed without it all going (empty: nothing leaked). */
export async function leftoversOf(tag: string, withinMs = 5000, ignore: ReadonlySet<string> = new Set()): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  const tagged = () => processesTagged(tag).filter((line) => !ignore.has(line.split(" ")[0]!));
  let left = tagged();
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = tagged();
  }
  return left;
}

/** Kills what a failed leak check found (by pid, each one checked to carry the tag), so one test's leak does not load the next. */
export function killTagged(tag: string): void {
  for (const line of processesTagged(tag)) {
    try {
      process.kill(Number(line.split(" ")[0]), "SIGKILL");
    } catch {
      // gone
    }
  }
}
