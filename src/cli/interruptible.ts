/**
 * A command that Ctrl-C or SIGTERM ends cleanly: the signal is trapped for the whole command and
 * handed to the work as an AbortSignal, so its own `finally` blocks remove what it made before it
 * exits 130 or 143 with one line; untrapped, the process would end at once, its folders left behind.
 */
import { exitStatusFor, trapInterrupts } from "../processes/interrupts.js";

export async function interruptible(command: string, work: (signal: AbortSignal) => Promise<number>, whatIsKept: string): Promise<number> {
  const abort = new AbortController();
  // the runs inside the command (a matrix's targets) say what they stop; this says the end, once
  const trap = trapInterrupts(() => undefined);
  trap.onInterrupt((signal) => abort.abort(signal));
  try {
    let status: number;
    try {
      status = await work(abort.signal);
    } catch (error) {
      if (trap.signal === null) throw error;
      status = -1;
    }
    if (trap.signal === null) return status;
    process.stderr.write(`ego-conformance ${command}: interrupted (${trap.signal}); ${whatIsKept}\n`);
    return exitStatusFor(trap.signal);
  } finally {
    trap.dispose();
  }
}
