/**
 * The harness as a typed library (the package's "." entry), compiled at pack time so that plain
 * Node imports it: what the `run`, `matrix` and `gate` commands do, without the command line.
 *
 *   import { defaultRunOptions, runConformance } from "ego-conformance";
 *   const { summary } = await runConformance({ ...defaultRunOptions(), pages: "model", report: false });
 *   summaryPassed(summary); // what `run`'s exit code says: no clause failed, broke or went without a result
 *
 * The fake as a library for unit tests is the "./fake" entry (fake-bridge/library).
 */
export { defaultRunOptions, DEFAULT_OUTCOMES_FILE, DEFAULT_REPORT_DIR, DEFAULT_RESULTS_DIR, runConformance, RunInputError, type FakePages, type InstalledRunOptions, type RunOptions, type RunOutcome } from "../run/index.js";
export { sweep } from "../safety/sweep.js";
export { makePlan, type MatrixPlan } from "../matrix/plan.js";
export { makeMatrix, type MadeMatrix, type MatrixOptions } from "../matrix/make-matrix.js";
export { baselinePath, resolveBaseline, DEFAULT_BASELINE_DIR } from "../gate/baseline-store.js";
export { CannotDecideError, readBaseline, type Baseline, type BaselineFlag } from "../gate/gate-inputs.js";
export { compareOutcomes, type GateDecision, type GateOptions, type GateRow } from "../gate/compare.js";
export { judgeContract } from "../gate/contract-gate.js";
export { readRun } from "../gate/current-run.js";
export { readOutcomes, writeOutcomes, type ClauseOutcome, type RunOutcomes } from "../gate/outcomes-file.js";
export { gateJson, renderGate } from "../gate/render.js";
export { summaryPassed, type RunSummary } from "../report/summary.js";
export { CATALOGUE, clauseById } from "../contract/catalogue.js";
export type { Clause } from "../contract/clause.js";
