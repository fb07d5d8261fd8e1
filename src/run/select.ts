/** Which catalogue clauses a run covers. */
import type { Clause } from "../contract/clause.js";
import { INVARIANCE_CLAUSE_ID } from "../safety/invariance.js";
import type { RunOptions } from "./options.js";

/** The clauses a run covers: what `--area` and `--grep` select; on installed targets always the safety check too. */
export function selectedFor(options: Pick<RunOptions, "areas" | "grep" | "target">): (clause: Clause) => boolean {
  const chosen = selectedBy(options);
  return (clause) => chosen(clause) || (options.target === "installed" && clause.id === INVARIANCE_CLAUSE_ID);
}

/** The clauses a run means to cover: what `--area` and `--grep` select. */
export function selectedBy(options: Pick<RunOptions, "areas" | "grep">): (clause: Clause) => boolean {
  return (clause) =>
    (options.areas.length === 0 || options.areas.includes(clause.area)) &&
    (!options.grep || options.grep.test(`${clause.id}: ${clause.title}`));
}
