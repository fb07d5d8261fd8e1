/**
 * One invocation's answers under faults, still in call order (the bridge's rule); a call that never
 * settles is dropped without holding up later ones, and `stop()` drops what is still waiting.
 */
import type { CallFault } from "./inject.js";

export interface OrderedAnswers {
  /** `answer(done)` runs when the call's turn and latency have come; it calls `done` once it delivered */
  push(fault: CallFault, answer: (done: () => void) => void): void;
  stop(): void;
}

export function orderedAnswers(options: { unref?: boolean } = {}): OrderedAnswers {
  let chain: Promise<void> = Promise.resolve();
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      if (options.unref) timer.unref();
      timers.add(timer);
    });
  return {
    push(fault, answer) {
      if (stopped || fault.effect.kind === "never-settles") return;
      chain = chain.then(async () => {
        if (fault.delayMs > 0) await sleep(fault.delayMs);
        if (stopped) return;
        await new Promise<void>((resolve) => answer(resolve));
      });
    },
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
