/**
 * What one attempt at a clause opens (sessions, task spaces) and records (its probes, its native
 * calls, what it observed of the clause's open detail); at its end, attached to the result and closed.
 */
import * as allure from "allure-js-commons";
import type { Clause } from "../contract/clause.js";
import type { Session, Target } from "../targets/target.js";
import { DIAGNOSTICS_ATTACHMENT } from "../report/results-reader.js";
import { outcomeOfError } from "../outcomes/of-error.js";
import { Ledger } from "../safety/ledger.js";
import { infraCheckedTarget, infrastructureCause } from "../retries/infrastructure.js";
import { appendClauseRecording, clauseRecording } from "../recording/clause-recording.js";
import { observingOpenDetail } from "./feature-reads.js";
import { recordingSession, sessionDiagnostics, type NativeCalls, type ProbeLog } from "./recording-session.js";
import { RESULTS_DIR_ENV, type RunConfig } from "./run-config.js";
import { TestSpaces } from "./test-spaces.js";

/** The error an attempt's result records (kept apart from "no error", which a thrown undefined would not be). */
export interface AttemptFailure {
  error: unknown;
}

export class ClauseAttempt {
  /** the target with its infrastructure errors told apart (src/retries) */
  readonly target: Target;
  readonly spaces: TestSpaces;
  /** what the body observed of the open detail that differs from the fake's choice */
  readonly observed: string[] = [];
  readonly #log: ProbeLog = [];
  /** `run --record`: every native call of the attempt, for the run's transcript (src/recording) */
  readonly #native: NativeCalls | undefined;
  readonly #sessions: Session[] = [];
  readonly #suffix: string;

  constructor(
    readonly spec: Clause,
    private readonly title: string,
    target: Target,
    private readonly run: RunConfig,
    options: { attempt: number; namePrefix: string },
  ) {
    this.target = infraCheckedTarget(target);
    this.#native = run.record ? { probes: 0, calls: [] } : undefined;
    // installed targets: the user's browser outlives this worker, so every space is also recorded
    // in the run ledger (the CLI passes its path), for run cleanup and sweep
    this.spaces = new TestSpaces(this.target, options.namePrefix, run.target === "installed" ? new Ledger().recorder(run.runId) : undefined);
    this.#suffix = options.attempt > 1 ? ` (attempt ${options.attempt})` : "";
  }

  /** A session of its own, its probes logged. */
  readonly openSession = async (): Promise<Session> => {
    const session = recordingSession(await this.target.openSession(), this.#log, this.#native);
    this.#sessions.push(session);
    return session;
  };

  /** Runs assertions about the open detail: a violation there is an observation, anything else stays what it is. */
  readonly openDetail = async (check: () => void | Promise<void>): Promise<void> => {
    const { spec } = this;
    if (!spec.unspecified) throw new Error(`clause ${spec.id} has no open detail in the catalogue: its assertions are all judged`);
    try {
      await observingOpenDetail(this.title, check);
    } catch (error) {
      const outcome = outcomeOfError(error, spec.id);
      if (spec.unspecified.core === null || outcome.outcome !== "failed") throw error;
      this.observed.push(outcome.message);
    }
  };

  /** The probes, the native calls (into the run's transcript) and, for a failure, the sessions' diagnostics. */
  async attachEvidence(failed: boolean): Promise<void> {
    if (this.#log.length) await allure.attachment(`probes${this.#suffix}`, JSON.stringify(this.#log, null, 2), "application/json");
    // the run's results directory (the run gives it to vitest and its workers)
    const resultsDir = process.env[RESULTS_DIR_ENV];
    if (this.#native && resultsDir !== undefined) appendClauseRecording(resultsDir, this.title, clauseRecording(this.#native, this.run.runId, this.spec.id));
    const diagnostics = failed ? sessionDiagnostics(this.#sessions) : undefined;
    if (diagnostics) await allure.attachment(`${DIAGNOSTICS_ATTACHMENT}${this.#suffix}`, diagnostics, "text/plain");
  }

  /** Closes the sessions, then the task spaces (or keeps them: --keep-on-failure); throws what could not be closed. */
  async close(failure: AttemptFailure | undefined): Promise<void> {
    for (const session of this.#sessions) await session.close();
    // --keep-on-failure (installed runs): a failed test's spaces stay for debugging; sweep removes them
    if (failure && this.run.keepOnFailure && infrastructureCause(failure.error) === undefined) await allure.attachment("task spaces kept (--keep-on-failure)", `names start with '${this.spaces.prefix}'`, "text/plain");
    else await this.spaces.cleanup();
  }
}
