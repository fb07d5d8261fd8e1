/**
 * The clause catalogue: the one list of contract clauses that suites implement, the report
 * labels, and the gate and matrix compare. Validated on load; a duplicate id is a harness bug.
 */
import { ClauseSchema, type Clause, type ClauseInput } from "./clause.js";
import { argumentClauses } from "./clauses/arguments.js";
import { browserVersionClauses } from "./clauses/browser-version.js";
import { cdpClauses } from "./clauses/cdp.js";
import { errorCodeClauses } from "./clauses/error-codes.js";
import { launcherClauses } from "./clauses/launcher.js";
import { numericIdClauses } from "./clauses/numeric-ids.js";
import { profileClauses } from "./clauses/profiles.js";
import { safetyClauses } from "./clauses/safety.js";
import { snapshotClauses } from "./clauses/snapshot.js";
import { tabClauses } from "./clauses/tabs.js";
import { taskContextClauses } from "./clauses/task-context.js";
import { taskSpaceClauses } from "./clauses/task-spaces.js";
import { taskStateClauses } from "./clauses/task-state.js";
import { userControlClauses } from "./clauses/user-control.js";

const INPUTS: ClauseInput[] = [
  ...numericIdClauses,
  ...errorCodeClauses,
  ...argumentClauses,
  ...userControlClauses,
  ...taskSpaceClauses,
  ...taskContextClauses,
  ...profileClauses,
  ...tabClauses,
  ...snapshotClauses,
  ...taskStateClauses,
  ...cdpClauses,
  ...browserVersionClauses,
  ...safetyClauses,
  ...launcherClauses,
];

export function buildCatalogue(inputs: readonly ClauseInput[]): Clause[] {
  const seen = new Set<string>();
  return inputs.map((input) => {
    const clause = ClauseSchema.parse(input);
    if (seen.has(clause.id)) throw new Error(`duplicate clause id in the catalogue: ${clause.id}`);
    if (!clause.id.startsWith(`${clause.area}.`)) throw new Error(`clause ${clause.id} must start with its area '${clause.area}.'`);
    seen.add(clause.id);
    return clause;
  });
}

export const CATALOGUE: readonly Clause[] = buildCatalogue(INPUTS);
const BY_ID = new Map(CATALOGUE.map((c) => [c.id, c]));

export function clauseById(id: string): Clause {
  const clause = BY_ID.get(id);
  if (!clause) throw new Error(`unknown clause id '${id}': every test must name a clause of src/contract/clauses`);
  return clause;
}
