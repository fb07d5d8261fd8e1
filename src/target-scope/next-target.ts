/**
 * What a vitest worker thread holds for one target, forgotten before a kept thread runs its next
 * target's first file (src/run/kept-threads.ts): each module with such state registers its reset here.
 */
type Reset = () => void | Promise<void>;

const resets = new Set<Reset>();

/** `reset` runs before this thread's next target, if it gets one (a thread that is not kept never does). */
export function onNextTarget(reset: Reset): void {
  resets.add(reset);
}

/** Runs every registered reset, each even when another failed; the first failure is thrown after all ran. */
export async function beginNextTarget(): Promise<void> {
  const failures: unknown[] = [];
  for (const reset of resets) {
    try {
      await reset();
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}
