/**
 * `clause(id, body)`: the one way a suite declares a test. It looks the clause up in the
 * catalogue, labels the result, skips it where it does not apply, gives the body its fixtures,
 * and keeps the open detail of "unspecified" clauses observational: a difference from the fake's
 * choice there is reported, never failed, while the clause's documented core is judged like any
 * other rule (src/contract/clause.ts, UnspecifiedSchema). Harness errors stay errors (broken),
 * assertion errors are violations, and a PreconditionError naming another clause is *precondition
 * failed* (src/outcomes/of-error.ts).
 */
import * as allure from "allure-js-commons";
import { expect, test as base } from "vitest";
import { clauseById } from "../contract/catalogue.js";
import { tagTitle, type Clause } from "../contract/clause.js";
import type { MethodName } from "../contract/methods.js";
import type { Operator } from "../contract/operator.js";
import { resolveTarget } from "../targets/choose/resolve.js";
import type { Session, Target } from "../targets/target.js";
import { LABEL } from "../labels/labels.js";
import { DIAGNOSTICS_ATTACHMENT } from "../report/results-reader.js";
import { OUTCOME_LABEL } from "../outcomes/statuses.js";
import { OwnRuleViolation, outcomeOfError, type ErrorOutcome } from "../outcomes/of-error.js";
import { notApplicable } from "./applicability.js";
import { labelClause } from "./allure-labels.js";
import { ensureAllureRuntime } from "./allure-runtime.js";
import { contractMatchers } from "./matchers.js";
import { gateGapsOf, observingOpenDetail, registerClauseTest } from "./feature-reads.js";
import { forgetWrongAnswers, wrongAnswersOf } from "./judged-answers.js";
import { readRunConfig, RESULTS_DIR_ENV, type RunConfig } from "./run-config.js";
import { TestSpaces } from "./test-spaces.js";
import { Ledger } from "../safety/ledger.js";
import { infraCheckedTarget, infrastructureCause } from "../retries/infrastructure.js";
import { withInfraRetries, type AttemptResult } from "../retries/retry.js";
import { asSdkWrapperPrecondition } from "./sdk-wrapper-precondition.js";
import { recordingSession, sessionDiagnostics, type NativeCalls, type ProbeLog } from "./recording-session.js";
import { appendClauseRecording, clauseRecording } from "../recording/clause-recording.js";

expect.extend(contractMatchers);

export interface ClauseContext {
  clause: Clause;
  target: Target;
  /** a session (one script invocation) opened for this test */
  ego: Session;
  /** open another session: a fresh invocation with its own selection */
  session(): Promise<Session>;
  /** task spaces made by this run for this test, cleaned up after it */
  spaces: TestSpaces;
  /** the human at the browser; clauses that need one are skipped where there is none */
  operator: Operator;
  run: RunConfig;
  /**
   * Runs assertions about the clause's open detail (the catalogue's `unspecified.openDetail`):
   * one that fails is recorded as an observation that differs from the fake, never as a failure.
   * Everything outside it judges the clause's core. A clause without an open detail in the
   * catalogue may not call it (a harness error).
   */
  openDetail(check: () => void | Promise<void>): Promise<void>;
}

interface FileFixtures {
  run: RunConfig;
  target: Target;
}

const test = base.extend<FileFixtures>({
  run: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use(readRunConfig()),
    { scope: "file" },
  ],
  target: [
    async ({ run }, use) => {
      const target = await resolveTarget(run);
      try {
        await use(target);
      } finally {
        await target.close();
      }
    },
    { scope: "file" },
  ],
});

export interface ClauseOptions {
  /** a parameter of a clause implemented by several tests (a reason key, a profile) */
  variant?: string;
  timeout?: number;
}

/**
 * The one method a clause is about (the catalogue's `methods`), for a body shared by the clauses
 * of a family (one clause per method, each declared with its literal id). A clause naming another
 * number of methods is a harness error.
 */
export function soleMethod(spec: Clause): MethodName {
  if (spec.methods.length !== 1) throw new Error(`clause ${spec.id} names ${spec.methods.length} methods in the catalogue, not one`);
  return spec.methods[0]!;
}

export function spacePrefix(runId: string, clauseId: string): string {
  return `ego-conformance ${runId} ${clauseId}`;
}

export function clause(id: string, body: (ctx: ClauseContext) => Promise<void>, options: ClauseOptions = {}): void {
  const spec = clauseById(id);
  const tags = spec.tags.map(tagTitle).join(" ");
  const title = `${spec.id}${options.variant === undefined ? "" : ` [${options.variant}]`}: ${spec.title}${tags ? ` ${tags}` : ""}`;
  registerClauseTest(title, spec);
  test(title, { timeout: options.timeout ?? 60_000 }, async ({ target, run, skip, task }) => {
    task.meta.clause = spec.id;
    await ensureAllureRuntime();
    await labelClause(spec, target.info, options.variant);
    const gate = notApplicable(spec, target.info, { ungated: run.ungated === true, noSlow: run.noSlow === true });
    if (gate) {
      await allure.label(LABEL.notApplicable, gate.key);
      await allure.label(LABEL.statusMessage, `not applicable: ${gate.reason}`);
      task.meta.outcome = "not-applicable";
      skip(`not applicable: ${gate.reason}`);
      return;
    }
    // Retried only after an infrastructure error (src/retries), never after a contract or precondition failure.
    const attempts = await withInfraRetries((n) => attemptClause(spec, title, target, run, body, n));
    const gaps = gateGapsOf(title);
    if (gaps.length) await allure.label(LABEL.gateGap, gaps.join("; "));
    if (attempts.retried.length) {
      const retried = attempts.retried.map((cause, i) => `attempt ${i + 1}: ${cause}`).join("\n");
      await allure.label(LABEL.infraRetried, [...new Set(attempts.retried)].join("; "));
      await allure.attachment("infrastructure errors retried", retried, "text/plain");
      if (attempts.result.ok) await allure.label(LABEL.outcome, OUTCOME_LABEL.flaky);
      if (attempts.result.ok) task.meta.outcome = "flaky";
    }
    if (!attempts.result.ok) {
      // for the progress line (src/report/progress-reporter.ts): the outcome the result records,
      // and the owner a precondition failure names (its last line applies src/outcomes/attribution.ts)
      const recorded = outcomeOfError(attempts.result.error, spec.id);
      task.meta.outcome = recorded.outcome;
      if (recorded.outcome === "precondition-failed") task.meta.preconditionOwner = recorded.owner;
      if (recorded.outcome === "precondition-failed" && recorded.answer !== undefined) task.meta.preconditionAnswer = recorded.answer;
      if (recorded.outcome === "failed") task.meta.failedOn = failedOn(title, attempts.result.error);
      throw attempts.result.error;
    }
  });
}

/**
 * One attempt at a clause: fresh sessions and spaces, the body, then cleanup. Resolves with the
 * error the result would record (a retry decides whether it does); never throws.
 */
async function attemptClause(spec: Clause, title: string, target: Target, run: RunConfig, body: (ctx: ClauseContext) => Promise<void>, attempt: number): Promise<AttemptResult> {
  const checked = infraCheckedTarget(target);
  forgetWrongAnswers(title);
  const log: ProbeLog = [];
  // `run --record`: every native call of the attempt, for the run's transcript (src/recording)
  const native: NativeCalls | undefined = run.record ? { probes: 0, calls: [] } : undefined;
  const sessions: Session[] = [];
  const open = async () => {
    const s = recordingSession(await checked.openSession(), log, native);
    sessions.push(s);
    return s;
  };
  // installed targets: the user's browser outlives this worker, so every space is also recorded
  // in the run ledger (the CLI passes its path), for run cleanup and sweep
  const spaces = new TestSpaces(checked, spacePrefix(run.runId, spec.id), run.target === "installed" ? new Ledger().recorder(run.runId) : undefined);
  const suffix = attempt > 1 ? ` (attempt ${attempt})` : "";
  let failure: unknown;
  let failed = false;
  const observed: string[] = [];
  const openDetail = async (check: () => void | Promise<void>): Promise<void> => {
    if (!spec.unspecified) throw new Error(`clause ${spec.id} has no open detail in the catalogue: its assertions are all judged`);
    try {
      await observingOpenDetail(title, check);
    } catch (error) {
      // an observation of the open detail; anything that is not a violation stays what it is
      const outcome = outcomeOfError(error, spec.id);
      if (spec.unspecified.core === null || outcome.outcome !== "failed") throw error;
      observed.push(outcome.message);
    }
  };
  try {
    const ctx: ClauseContext = {
      clause: spec,
      target: checked,
      ego: await open(),
      session: open,
      spaces,
      operator: target.operator as Operator,
      run,
      openDetail,
    };
    await body(ctx);
    if (spec.unspecified) {
      await allure.label(LABEL.unspecifiedOutcome, observed.length ? "differs-from-the-fake" : "as-the-fake-chose");
      if (observed.length) await allure.attachment("observed (differs from the fake's choice)", observed.join("\n\n"), "text/plain");
    }
  } catch (thrown) {
    let error = thrown;
    let outcome = outcomeOfError(error, spec.id);
    // a violation seen through the app's SDK wrappers, not the raw bridge (./sdk-wrapper-precondition.ts)
    const wrapped = outcome.outcome === "failed" ? asSdkWrapperPrecondition(target.info, spec.id, outcome.message) : undefined;
    if (wrapped) {
      error = wrapped;
      outcome = outcomeOfError(error, spec.id);
    }
    // no documented core: the whole clause is an observation; with a core, a violation fails it
    if (spec.unspecified?.core === null && outcome.outcome === "failed") {
      await allure.label(LABEL.unspecifiedOutcome, "differs-from-the-fake");
      await allure.attachment("observed (differs from the fake's choice)", outcome.message, "text/plain");
    } else {
      failed = true;
      failure = await recordedError(error, outcome, title);
    }
  } finally {
    if (log.length) await allure.attachment(`probes${suffix}`, JSON.stringify(log, null, 2), "application/json");
    // the run's results directory (src/run/execute.ts gives it to vitest and its workers)
    const resultsDir = process.env[RESULTS_DIR_ENV];
    if (native && resultsDir !== undefined) appendClauseRecording(resultsDir, title, clauseRecording(native, run.runId, spec.id));
    const diagnostics = failed ? sessionDiagnostics(sessions) : undefined;
    if (diagnostics) await allure.attachment(`${DIAGNOSTICS_ATTACHMENT}${suffix}`, diagnostics, "text/plain");
    try {
      for (const s of sessions) await s.close();
      // --keep-on-failure (installed runs): a failed test's spaces stay for debugging; sweep removes them
      if (failed && run.keepOnFailure && infrastructureCause(failure) === undefined) await allure.attachment("task spaces kept (--keep-on-failure)", `names start with '${spaces.prefix}'`, "text/plain");
      else await spaces.cleanup();
    } catch (error) {
      // a cleanup that could not close the test's spaces: recorded as any error of the body is
      // (a PreconditionError naming the clause whose rule the cleanup stood on is precondition failed)
      if (!failed) {
        failed = true;
        failure = await recordedError(error, outcomeOfError(error, spec.id), title);
      }
    }
  }
  return failed ? { ok: false, error: failure } : { ok: true };
}

/**
 * The error the result records. A precondition failure is labelled (outcome, owner, and the kind
 * of answer that stopped it) and its message names the owner; a failure is labelled with the kinds
 * of answer it failed on (src/outcomes/attribution.ts compares the two); one about the clause's
 * own rule becomes a failed assertion.
 */
async function recordedError(error: unknown, outcome: ErrorOutcome, title: string): Promise<unknown> {
  if (outcome.outcome === "precondition-failed") {
    await allure.label(LABEL.outcome, OUTCOME_LABEL.preconditionFailed);
    await allure.label(LABEL.preconditionOwner, outcome.owner);
    if (outcome.answer !== undefined) await allure.label(LABEL.preconditionAnswer, outcome.answer);
    (error as Error).message = outcome.message;
    return error;
  }
  if (outcome.outcome === "failed") for (const answer of failedOn(title, error)) await allure.label(LABEL.failedOn, answer);
  if (outcome.outcome === "failed" && (error as Error).name === "PreconditionError") {
    const violation = new OwnRuleViolation(outcome.message, outcome.answer);
    if ((error as Error).stack) violation.stack = (error as Error).stack!.replace("PreconditionError", "AssertionError");
    return violation;
  }
  return error;
}

/** The kinds of answer a failure was on: its matchers' wrong answers, and the answer of a check of its own rule. */
function failedOn(title: string, error: unknown): string[] {
  const own = (error as { answer?: unknown } | undefined)?.answer;
  return [...new Set([...wrongAnswersOf(title), ...(typeof own === "string" ? [own] : [])])].sort();
}
