/**
 * The harness as a typed library (the package's "." entry): what the `run`, `matrix` and `gate`
 * commands do, without the command line. The fake as a library is the "./fake" entry.
 */
export { defaultRunOptions, DEFAULT_OUTCOMES_FILE, DEFAULT_REPORT_DIR, DEFAULT_RESULTS_DIR, runConformance, RunInputError, type InstalledRunOptions, type RunOptions, type RunOutcome } from "../run/index.js";
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
export type { PagesChoice } from "../contract/pages-choice.js";
