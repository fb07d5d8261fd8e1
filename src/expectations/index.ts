/** Expected failures as data: load, lint, apply to a run's results, suggest updates. */
export { applyExpectations, applyExpectationsToFiles, judgeRun, type ExpectationsOutcome } from "./apply.js";
export { conditionsHold, type RunFacts } from "./conditions.js";
export { isCalendarDate, todayUtc } from "./dates.js";
export { judgeClause } from "./judge.js";
export { lintEntries, renderProblem, type LintProblem } from "./lint/index.js";
export {
  DEFAULT_EXPECTATIONS_FILE,
  ExpectationsError,
  expectationsFileFor,
  indexEntries,
  lintContext,
  loadExpectations,
  parseExpectations,
  structureProblems,
  type LoadedExpectations,
} from "./load.js";
export { matchesClause } from "./pattern.js";
export * from "./schema.js";
export { entryFor } from "./select.js";
export { renderUpdates, suggestUpdates, writeUpdates, type ExpectationUpdate } from "./update.js";
