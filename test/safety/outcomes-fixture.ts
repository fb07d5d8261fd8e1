/** A run's outcomes file as `run` writes it (src/gate/outcomes-file.ts), for the input-hygiene tests. */
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { OUTCOMES_SCHEMA_VERSION, type RunOutcomes } from "../../src/gate/outcomes-file.js";

export function outcomesFixture(clauses = CATALOGUE.slice(0, 5).map((c) => c.id)): RunOutcomes {
  return {
    schema: OUTCOMES_SCHEMA_VERSION,
    runId: "r-fixture",
    date: "2026-12-01T00:00:00.000Z",
    target: "installed",
    targetName: "ego-browser",
    egoVersion: "0.5.1.13",
    persona: null,
    ungated: false,
    catalogueClauses: CATALOGUE.length,
    passed: true,
    problems: [],
    expectations: null,
    clauses: Object.fromEntries(clauses.map((id) => [id, { status: "passed" as const }])),
  };
}
