/**
 * Ctrl-C and SIGTERM during a run: the first signal stops the work and the run goes on to its
 * bounded cleanup, instead of dying with its task spaces left in the user's browser.
 */
export interface InterruptTrap {
  /** the first signal received, or null */
  readonly signal: NodeJS.Signals | null;
  /** called once, on the first signal (at once if one already came) */
  onInterrupt(listener: (signal: NodeJS.Signals) => void): void;
  /** stop trapping: the default behaviour of the signals comes back */
  dispose(): void;
}

export const INTERRUPT_SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** The conventional exit status of a process ended by `signal` (128 + its number). */
export function exitStatusFor(signal: NodeJS.Signals): number {
  return signal === "SIGINT" ? 130 : signal === "SIGTERM" ? 143 : 1;
}

export function trapInterrupts(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): InterruptTrap {
  let signal: NodeJS.Signals | null = null;
  const listeners: ((s: NodeJS.Signals) => void)[] = [];
  const handler = (received: NodeJS.Signals) => {
    if (signal !== null) {
      log(`ego-conformance: ${received} again: still closing this run's task spaces (bounded); please wait`);
      return;
    }
    signal = received;
    log(`ego-conformance: ${received}: stopping the suites, then closing this run's task spaces`);
    for (const l of listeners) l(received);
  };
  for (const s of INTERRUPT_SIGNALS) process.on(s, handler);
  return {
    get signal() {
      return signal;
    },
    onInterrupt(listener) {
      if (signal !== null) listener(signal);
      else listeners.push(listener);
    },
    dispose() {
      for (const s of INTERRUPT_SIGNALS) process.off(s, handler);
    },
  };
}
