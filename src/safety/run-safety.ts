/**
 * What an installed run does around vitest to leave the user's browser as it found it: record the
 * run, snapshot the spaces not its own, close its own, compare, write the invariance clause, record
 * its end. Each step is its own session on the CLI's target.
 */
import type { Session, Target } from "../targets/target.js";
import { closeBudget, closeOneByOne, asOutcome, type CloseBudget } from "./close-one-by-one.js";
import type { CloseOutcome } from "./close-own-spaces.js";
import { Ledger, type ProcessAlive, type SpaceRecord } from "./ledger.js";
import { matchRecords } from "./proven-ours.js";
import { overlappingRuns, withoutOtherRuns, type LeftOut } from "./other-runs.js";
import { commitHarnessBug, harnessBugsIn, type HarnessBug } from "./harness-bugs.js";
import { writeInvarianceResult, type InvarianceVerdict, type SnapshotOutcome } from "./invariance.js";
import { documentedListing } from "./probe-listing.js";
import { belongsToRun } from "./run-id.js";
import { leftoversOfRun } from "./run-leftovers.js";
import { idKey, type ListedSpace } from "./listed-space.js";
import { userSpaces } from "./user-space-changes.js";

export interface RunSafetyOptions {
  target: Target;
  runId: string;
  resultsDir: string;
  /** deliberate harness bugs (tests only; default: what the environment asks for, ./harness-bugs.ts) */
  harnessBugs?: readonly HarnessBug[];
  /** bound on polling a close (default 5000 ms) */
  closeBoundMs?: number;
  /**
   * one bound per run on waiting for closes that never settle (a build whose closed spaces stay
   * listed): default 10 000 ms, shared by every space and pass of the cleanup
   */
  closeBudgetMs?: number;
  /** the run ledger (default: the user's, src/safety/ledger.ts) */
  ledger?: Ledger;
  /** whether a recorded run's process still runs (default: its pid and start time in /proc) */
  alive?: ProcessAlive;
}

export interface CleanupReport {
  kept: boolean;
  outcome?: CloseOutcome;
  /** what a harness bug touched (tests only) */
  bugs: string[];
  error?: string;
}

/** The run cleanup's bound on closes that do not settle, shared by all its closes (the default of `closeBudgetMs`). */
export const RUN_CLEANUP_CLOSE_BUDGET_MS = 10_000;

export class RunSafety {
  private before: SnapshotOutcome = { ok: false, reason: "no snapshot was taken before the run" };
  private started = Date.now();
  /** the other runs that were live as this one began (their liveness, sampled then) */
  private liveAtStart = new Set<string>();
  private readonly budget: CloseBudget;
  private readonly harnessBugs: readonly HarnessBug[];
  readonly ledger: Ledger;

  constructor(private readonly options: RunSafetyOptions) {
    this.harnessBugs = options.harnessBugs ?? harnessBugsIn(process.env);
    this.ledger = options.ledger ?? new Ledger();
    this.budget = closeBudget(options.closeBudgetMs ?? RUN_CLEANUP_CLOSE_BUDGET_MS);
  }

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
      const listing = await this.withSession(documentedListing);
      if (!listing.ok) return { ok: false, reason: listing.reason };
      // spaces that appeared during the run's probes are the run's, never the user's
      const appeared = this.ledger.read().appearedOf(this.options.runId);
      const theirs = { ok: true as const, spaces: listing.spaces.filter((s) => !appearedIn(appeared, s)) };
      return { ok: true, snapshot: userSpaces(theirs, this.options.runId) };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async begin(): Promise<SnapshotOutcome> {
    this.started = Date.now();
    this.ledger.startRun(this.options.runId);
    this.liveAtStart = new Set(this.ledger.read().liveRuns(this.options.alive).map((r) => r.runId));
    this.before = await this.snapshot();
    return this.before;
  }

  /**
   * Close the run's spaces. A probe stopped mid-flight (Ctrl-C) may still create a space just
   * after a listing, so the listing is taken again after a short settle, up to `passes` times.
   */
  async cleanup(options: { keep: boolean; passes?: number; settleMs?: number }): Promise<CleanupReport> {
    const report: CleanupReport = { kept: options.keep, bugs: [] };
    const reported = new Set<string>();
    try {
      await this.withSession(async (session) => {
        for (let pass = 0; pass < (options.passes ?? 3); pass++) {
          const listing = await documentedListing(session);
          if (!listing.ok) throw new Error(listing.reason);
          if (pass === 0) {
            for (const bug of this.harnessBugs) {
              const touched = await commitHarnessBug(bug, session, listing.spaces, this.options.runId);
              if (touched) report.bugs.push(`${bug}: ${touched}`);
            }
            if (options.keep) return;
          }
          const view = this.ledger.read();
          const records = { names: view.namesOf(this.options.runId), spaces: view.spacesOf(this.options.runId) };
          const withPrefix = listing.spaces.filter((s) => belongsToRun(s.name, this.options.runId) || appearedIn(view.appearedOf(this.options.runId), s));
          const judged = withPrefix.map((s) => ({ s, m: matchRecords(s, records) }));
          const ours = judged.filter((j) => j.m.kind === "recorded").map((j) => j.s);
          const unproven = judged.filter((j) => j.m.kind !== "recorded" && !reported.has(idKey(j.s.id)));
          for (const { s } of unproven) reported.add(idKey(s.id));
          const closing = [...leftoversOfRun(ours, this.options.runId), ...ours.filter((s) => !belongsToRun(s.name, this.options.runId)).map((s) => ({ id: s.id, name: s.name as string }))];
          const outcome = asOutcome(await closeOneByOne(this.options.target, closing, { boundMs: this.options.closeBoundMs ?? 5000, budget: this.budget }));
          outcome.problems.push(
            ...unproven.map(({ s, m }) => `${JSON.stringify(s.name)} (id ${JSON.stringify(s.id)}, createdBy ${JSON.stringify(s.createdBy)}): ${m.kind === "not-agent" ? "not created by the agent" : "looks like ours, not recorded in the run ledger"}; left alone`),
          );
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

  /**
   * The invariance clause. Runs may overlap on one browser: spaces the ledger records for other
   * runs that were going on meanwhile are left out of both snapshots (src/safety/other-runs.ts),
   * and attached as such.
   */
  async finish(): Promise<InvarianceVerdict> {
    const after = await this.snapshot();
    const view = this.ledger.read();
    const others = overlappingRuns(view, this.options.runId, new Date(this.started), new Date(), this.options.alive, this.liveAtStart);
    const leftOut: LeftOut[] = [];
    const trim = (outcome: SnapshotOutcome): SnapshotOutcome => {
      if (!outcome.ok) return outcome;
      const trimmed = withoutOtherRuns(outcome.snapshot, view, others);
      for (const l of trimmed.leftOut) if (!leftOut.some((x) => idKey(x.id) === idKey(l.id))) leftOut.push(l);
      return { ok: true, snapshot: trimmed.snapshot };
    };
    const before = trim(this.before);
    const trimmedAfter = trim(after);
    const extra = leftOut.length ? [{ name: "spaces of other live runs (left out)", type: "application/json" as const, content: JSON.stringify(leftOut, null, 2) }] : [];
    return writeInvarianceResult(this.options.resultsDir, this.options.target.info, before, trimmedAfter, this.started, extra);
  }

  /** The run is over: it no longer holds its spaces (sweep may take what it left). */
  end(): void {
    this.ledger.endRun(this.options.runId);
  }
}

/** Whether a listed space is one the run recorded as appeared during its probes: the same id, the same name, made by the agent. */
function appearedIn(appeared: readonly SpaceRecord[], s: ListedSpace): boolean {
  return appeared.some((r) => idKey(r.id) === idKey(s.id) && r.name === s.name && (s.createdBy === "agent" || s.createdBy === null));
}

function mergeOutcomes(a: CloseOutcome, b: CloseOutcome): CloseOutcome {
  return { closed: [...a.closed, ...b.closed], skipped: [...a.skipped, ...b.skipped], problems: [...a.problems, ...b.problems] };
}
