/**
 * A command that Ctrl-C or SIGTERM ends cleanly: the signal is trapped for the command's whole
 * run (src/processes/interrupts.ts), handed to the work as an AbortSignal (its reason the signal's
 * name), and the command then ends with 130 or 143 and one line saying it was interrupted, after
 * its own `finally` blocks have removed what they made. Without the trap, a signal outside a
 * run's own would end the process at once (src/processes/groups.ts), its folders left behind.
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
