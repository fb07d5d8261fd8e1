/**
 * Names of the Allure labels and parameters the harness writes on every result, and reads back
 * when it summarises a run. One place, so the writer (src/harness) and the readers
 * (summary, matrix, gate) cannot drift apart.
 */
export const LABEL = {
  /** the clause id from src/contract (the key every comparison uses) */
  clause: "clause",
  /** the clause's area (also written as the epic) */
  area: "area",
  /** the first method of the clause (also written as the feature) */
  method: "method",
  /** "required", "core" (documented core judged, open detail observed) or "unspecified" (no documented core: observed, never failed) */
  conformance: "conformance",
  /** fake | installed */
  targetKind: "target",
  /** the target's display name (fake persona, CLI path) */
  targetName: "target_name",
  /** the Ego Lite version text, or "unknown" */
  egoVersion: "ego_version",
  /** where the Ego Lite version came from (getBrowserVersion, Info.plist, --ego-version, persona, or why it is unknown) */
  versionSource: "version_source",
  /** the fake persona, when there is one */
  persona: "persona",
  /**
   * set by the expectations layer (src/expectations) on a result it judged: "known" (an expected
   * failure; allurerc's "Known failures" category), "unexpected-pass" (an expected failure that
   * passed: rewritten to failed), "mismatch" (failed for another reason than the entry records)
   */
  expectation: "expectation",
  /** the bug link of the expectation entry that judged the result */
  expectationBug: "expectation_bug",
  /** why a clause was not applicable: "version", "feature:<name>", "needs:<capability>" */
  notApplicable: "not_applicable",
  /** on unspecified clauses: "as-the-fake-chose" or "differs-from-the-fake" */
  unspecifiedOutcome: "unspecified_outcome",
  /**
   * the outcome when the Allure status alone cannot say it (src/outcomes):
   * "precondition-failed" (on a broken or failed result: the clause could not run because the build
   * did not provide a rule another clause owns) or "flaky" (on a passed result: it passed only after
   * an infrastructure retry; `statusDetails.flaky: true` says the same)
   */
  outcome: "outcome",
  /** on a result that was retried after infrastructure errors (src/retries): which errors, "; "-separated */
  infraRetried: "infra_retried",
  /** on a precondition-failed result: the catalogue id of the clause that owns the broken rule */
  preconditionOwner: "precondition_owner",
  /**
   * on a precondition-failed result whose check judged one call: the kind of answer that stopped it
   * (src/probe/answer-kind.ts), which its owner must have failed on for it to stand
   */
  preconditionAnswer: "precondition_answer",
  /** on a failed result, one label per kind of answer its judged rule found wrong (src/harness/judged-answers.ts) */
  failedOn: "failed_on",
  /**
   * on a precondition failure that did not stand (src/outcomes/attribution.ts): the owner it named,
   * which the run did not observe broken; the result is broken, "not attributed", with its cause
   */
  notAttributed: "not_attributed",
  /**
   * the message of a result that ends without an error (a not-applicable skip's reason): allure-vitest
   * writes none for a skipped test, so clause() puts it here and the results listener
   * (src/harness/status-message.ts) moves it into `statusDetails.message` before the file is written
   */
  statusMessage: "status_message",
  /** the compatibility-matrix target key (stamped by the matrix when it merges results; src/matrix) */
  matrixTarget: "matrix_target",
  /**
   * on a result whose assertions read what its clause's gate does not cover (src/harness/feature-reads.ts):
   * "; "-separated, e.g. "reads error_code without declaring the 'error-codes' feature". Never part of
   * the verdict; the self-tests fail on it
   */
  gateGap: "gate_gap",
} as const;

/** Non-excluded parameters: results for different targets and versions never collapse into retries. */
export const PARAMETER = {
  egoVersion: "Ego Lite version",
  target: "target",
} as const;

export const UNKNOWN_VERSION = "unknown";
