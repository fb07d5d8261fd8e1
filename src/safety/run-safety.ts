/**
 * What an installed run does around vitest to leave the user's browser as it found it:
 *   begin():   list the spaces that are not the run's (the "before" snapshot);
 *   cleanup(): close every space whose name carries the run's prefix (claim/take over first,
 *              polled with a bound), unless the run failed and --keep-on-failure asked to keep them;
 *   finish():  list again, compare, and write the invariance clause's result.
 * Each step uses its own session (one `ego-browser nodejs` invocation) on the CLI's own target.
 */
import type { Session, Target } from "../target/target.js";
import { closeSpaces, type CloseOutcome } from "./close-spaces.js";
import { commitHarnessFault, type HarnessFault } from "./harness-faults.js";
import { writeInvarianceResult, type InvarianceVerdict, type SnapshotOutcome } from "./invariance.js";
import { listSpaces } from "./list-spaces.js";
import { spacesOfRun } from "./run-spaces.js";
import { userSpaces } from "./user-spaces.js";

export interface RunSafetyOptions {
  target: Target;
  runId: string;
  resultsDir: string;
  /** deliberate harness bugs (tests only) */
  harnessFaults?: readonly HarnessFault[];
  /** bound on polling a close (default 5000 ms) */
  closeBoundMs?: number;
}

export interface CleanupReport {
  kept: boolean;
  outcome?: CloseOutcome;
  /** what a harness fault touched (tests only) */
  faults: string[];
  error?: string;
}

export class RunSafety {
  private before: SnapshotOutcome = { ok: false, reason: "no snapshot was taken before the run" };
  private started = Date.now();

  constructor(private readonly options: RunSafetyOptions) {}

  private async withSession<T>(use: (session: Session) => Promise<T>): Promise<T> {
    const session = await this.options.target.openSession();
    try {
      return await use(session);
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  async snapshot(): Promise<SnapshotOutcome> {
    try {
      const listing = await this.withSession(listSpaces);
      return listing.ok ? { ok: true, snapshot: userSpaces(listing, this.options.runId) } : { ok: false, reason: listing.reason };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async begin(): Promise<SnapshotOutcome> {
    this.started = Date.now();
    this.before = await this.snapshot();
    return this.before;
  }

  /**
   * Close the run's spaces. A probe stopped mid-flight (Ctrl-C) may still create a space just
   * after a listing, so the listing is taken again after a short settle, up to `passes` times.
   */
  async cleanup(options: { keep: boolean; passes?: number; settleMs?: number }): Promise<CleanupReport> {
    const report: CleanupReport = { kept: options.keep, faults: [] };
    try {
      await this.withSession(async (session) => {
        for (let pass = 0; pass < (options.passes ?? 3); pass++) {
          const listing = await listSpaces(session);
          if (!listing.ok) throw new Error(listing.reason);
          if (pass === 0) {
            for (const fault of this.options.harnessFaults ?? []) {
              const touched = await commitHarnessFault(fault, session, listing.spaces, this.options.runId);
              if (touched) report.faults.push(`${fault}: ${touched}`);
            }
            if (options.keep) return;
          }
          const ours = spacesOfRun(listing.spaces, this.options.runId);
          const outcome = await closeSpaces(session, ours, { boundMs: this.options.closeBoundMs ?? 5000 });
          report.outcome = report.outcome ? mergeOutcomes(report.outcome, outcome) : outcome;
          if (ours.length === 0) return;
          await new Promise((r) => setTimeout(r, options.settleMs ?? 250));
        }
      });
    } catch (error) {
      report.error = error instanceof Error ? error.message : String(error);
    }
    return report;
  }

  async finish(): Promise<InvarianceVerdict> {
    const after = await this.snapshot();
    return writeInvarianceResult(this.options.resultsDir, this.options.target.info, this.before, after, this.started);
  }
}

function mergeOutcomes(a: CloseOutcome, b: CloseOutcome): CloseOutcome {
  return { closed: [...a.closed, ...b.closed], skipped: [...a.skipped, ...b.skipped], problems: [...a.problems, ...b.problems] };
}
