/**
 * The safety frame around a conformance run: trap Ctrl-C and SIGTERM, and on installed targets
 * snapshot the spaces that are not the run's, then clean up and write the invariance clause at the end.
 */
import { runPrefix } from "../space-names/space-names.js";
import type { Target, TargetInfo } from "../targets/target.js";
import { writeInvarianceNotApplicable, type InvarianceVerdict } from "./invariance.js";
import { trapInterrupts, type InterruptTrap } from "../processes/interrupts.js";
import { RunSafety, type CleanupReport } from "./run-safety.js";
import { printable } from "../text/printable.js";

export interface RunGuardOptions {
  /** the CLI process's own target: the installed build; undefined for the in-process fake */
  installed?: Target;
  info: TargetInfo;
  runId: string;
  resultsDir: string;
  /** write the invariance clause's result (it is among the selected clauses) */
  invarianceSelected: boolean;
  log?: (line: string) => void;
}

/** the overall bound on the cleanup after an interrupt */
export const INTERRUPTED_CLEANUP_MS = 5000;

export interface RunGuardEnd {
  interrupted: NodeJS.Signals | null;
  cleanup?: CleanupReport;
  invariance?: InvarianceVerdict;
  /** the invariance clause's outcome when the guard wrote its result (judged, or not applicable in process) */
  invarianceOutcome?: "passed" | "failed" | "broken" | "not-applicable";
}

export class RunGuard {
  private constructor(
    private readonly options: RunGuardOptions,
    private readonly trap: InterruptTrap,
    private readonly safety: RunSafety | undefined,
  ) {}

  static async start(options: RunGuardOptions): Promise<RunGuard> {
    // a cleanup problem or a listing error quotes the build: shown escaped (src/text/printable.ts)
    const log = options.log ?? ((line: string) => process.stderr.write(`${printable(line)}\n`));
    const trap = trapInterrupts(log);
    const safety = options.installed
      ? new RunSafety({ target: options.installed, runId: options.runId, resultsDir: options.resultsDir })
      : undefined;
    const before = await safety?.begin();
    if (before && !before.ok) log(`ego-conformance: could not list the task spaces before the run: ${before.reason}`);
    return new RunGuard({ ...options, log }, trap, safety);
  }

  get interrupted(): NodeJS.Signals | null {
    return this.trap.signal;
  }

  onInterrupt(stop: (signal: NodeJS.Signals) => void): void {
    this.trap.onInterrupt(stop);
  }

  async end(options: { runFailed: boolean; keepOnFailure: boolean }): Promise<RunGuardEnd> {
    const log = this.options.log!;
    const signal = this.trap.signal;
    if (signal === null || !this.safety) return this.endUnbounded(options);
    // After Ctrl-C or SIGTERM the cleanup gets one overall bound: a build whose closes never
    // settle must not keep the command going. What is left stays in the run ledger (its names and
    // spaces are recorded as made), and `sweep --yes` closes it once this run is over.
    let timer: NodeJS.Timeout | undefined;
    const bounded = new Promise<"bound">((resolve) => (timer = setTimeout(() => resolve("bound"), INTERRUPTED_CLEANUP_MS)));
    const ended = await Promise.race([this.endUnbounded(options), bounded]);
    clearTimeout(timer);
    if (ended !== "bound") return ended;
    log(`ego-conformance: the cleanup after ${signal} did not end within ${INTERRUPTED_CLEANUP_MS / 1000} s: what is left stays recorded in the run ledger (${this.safety.ledger.path}) for 'ego-conformance sweep --yes'`);
    try {
      this.safety.end();
    } catch {
      // the ledger cannot be written: sweep still finds the run's records, and its process gone
    }
    this.trap.dispose();
    return { interrupted: signal };
  }

  private async endUnbounded(options: { runFailed: boolean; keepOnFailure: boolean }): Promise<RunGuardEnd> {
    const log = this.options.log!;
    try {
      if (!this.safety) {
        if (!this.options.invarianceSelected) return { interrupted: this.trap.signal };
        await writeInvarianceNotApplicable(this.options.resultsDir, this.options.info);
        return { interrupted: this.trap.signal, invarianceOutcome: "not-applicable" };
      }
      const keep = options.keepOnFailure && options.runFailed && this.trap.signal === null;
      const cleanup = await this.safety.cleanup({ keep });
      for (const f of cleanup.bugs) log(`ego-conformance: harness bug committed on purpose: ${f}`);
      if (cleanup.error) log(`ego-conformance: cleanup of this run's task spaces failed: ${cleanup.error}`);
      else if (keep) log(`ego-conformance: --keep-on-failure: the run failed, so its task spaces stay (names start with '${runPrefix(this.options.runId)}'); 'ego-conformance sweep --yes' removes them`);
      else if (cleanup.outcome) {
        const { closed, problems } = cleanup.outcome;
        if (closed.length) log(`ego-conformance: closed ${closed.length} task space(s) this run left behind`);
        for (const p of problems) log(`ego-conformance: cleanup: ${p}`);
      }
      const invariance = this.options.invarianceSelected ? await this.safety.finish() : undefined;
      return { interrupted: this.trap.signal, cleanup, ...(invariance ? { invariance, invarianceOutcome: invariance.status } : {}) };
    } finally {
      try {
        this.safety?.end();
      } catch (error) {
        log(`ego-conformance: could not record the end of the run in the run ledger: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.trap.dispose();
    }
  }
}
