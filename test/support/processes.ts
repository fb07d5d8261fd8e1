/** Whether processes are gone, for tests that must leave nothing behind. */
import { readFileSync } from "node:fs";

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
