/**
 * `clause(id, body)`: the one way a suite declares a test, labelled, gated and judged from the
 * catalogue; an unspecified clause's open detail is observed, never failed (docs/writing-clauses.md).
 */
import * as allure from "allure-js-commons";
import { expect, test as base } from "vitest";
import { clauseById } from "../contract/catalogue.js";
import { tagTitle, type Clause } from "../contract/clause.js";
import type { MethodName } from "../contract/methods.js";
import type { Operator } from "../contract/operator.js";
import { resolveTarget } from "../targets/choose/resolve.js";
import type { Session, Target, TargetInfo } from "../targets/target.js";
import { LABEL } from "../labels/labels.js";
import { OUTCOME_LABEL } from "../outcomes/statuses.js";
import { OwnRuleViolation, outcomeOfError, type ErrorOutcome } from "../outcomes/of-error.js";
import { notApplicable } from "./applicability.js";
import { labelClause } from "./allure-labels.js";
import { ensureAllureRuntime } from "./allure-runtime.js";
import { contractMatchers } from "./matchers.js";
import { gateGapsOf, registerClauseTest } from "./feature-reads.js";
import { forgetWrongAnswers, wrongAnswersOf } from "./judged-answers.js";
import { readRunConfig, type RunConfig } from "./run-config.js";
import type { TestSpaces } from "./test-spaces.js";
import { withInfraRetries, type AttemptResult } from "../retries/retry.js";
import { asSdkWrapperPrecondition } from "./sdk-wrapper-precondition.js";
import { ClauseAttempt, type AttemptFailure } from "./clause-attempt.js";
import { clausePrefix } from "../space-names/space-names.js";
import { keepFixturesAcrossTargets } from "./kept-fixtures.js";

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
// each file's target is closed by its fixture, in a kept thread's later targets too
keepFixturesAcrossTargets(test);

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
  const opened = new ClauseAttempt(spec, title, target, run, { attempt, namePrefix: clausePrefix(run.runId, spec.id) });
  forgetWrongAnswers(title);
  let failure: AttemptFailure | undefined;
  try {
    await body(await contextOf(opened, target, run));
    await labelObservations(spec, opened.observed);
  } catch (thrown) {
    failure = await judgedBodyError(spec, title, target.info, thrown);
  } finally {
    await opened.attachEvidence(failure !== undefined);
    try {
      await opened.close(failure);
    } catch (error) {
      // a cleanup that could not close the test's spaces: recorded as any error of the body is
      // (a PreconditionError naming the clause whose rule the cleanup stood on is precondition failed)
      failure ??= { error: await recordedError(error, outcomeOfError(error, spec.id), title) };
    }
  }
  return failure ? { ok: false, error: failure.error } : { ok: true };
}

/** What the body is given: the attempt's first session and the means to open more. */
async function contextOf(opened: ClauseAttempt, target: Target, run: RunConfig): Promise<ClauseContext> {
  return {
    clause: opened.spec,
    target: opened.target,
    ego: await opened.openSession(),
    session: opened.openSession,
    spaces: opened.spaces,
    operator: target.operator as Operator,
    run,
    openDetail: opened.openDetail,
  };
}

/** A clause with an open detail says whether what the body observed of it is the fake's choice. */
async function labelObservations(spec: Clause, observed: readonly string[]): Promise<void> {
  if (!spec.unspecified) return;
  await allure.label(LABEL.unspecifiedOutcome, observed.length ? "differs-from-the-fake" : "as-the-fake-chose");
  if (observed.length) await allure.attachment("observed (differs from the fake's choice)", observed.join("\n\n"), "text/plain");
}

/**
 * What an error of the body means for the result: the error it records, or none when the clause
 * has no documented core and the violation is an observation of its open detail.
 */
async function judgedBodyError(spec: Clause, title: string, info: TargetInfo, thrown: unknown): Promise<AttemptFailure | undefined> {
  let error = thrown;
  let outcome = outcomeOfError(error, spec.id);
  // a violation seen through the app's SDK wrappers, not the raw bridge (./sdk-wrapper-precondition.ts)
  const wrapped = outcome.outcome === "failed" ? asSdkWrapperPrecondition(info, spec.id, outcome.message) : undefined;
  if (wrapped) {
    error = wrapped;
    outcome = outcomeOfError(error, spec.id);
  }
  // no documented core: the whole clause is an observation; with a core, a violation fails it
  if (spec.unspecified?.core === null && outcome.outcome === "failed") {
    await allure.label(LABEL.unspecifiedOutcome, "differs-from-the-fake");
    await allure.attachment("observed (differs from the fake's choice)", outcome.message, "text/plain");
    return undefined;
  }
  return { error: await recordedError(error, outcome, title) };
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
