/**
 * A space of the run whose id the build's own useTaskSpace refused: a non-numeric id stands on
 * numeric-ids.create.id-is-number (precondition failed, naming that answer); a refused number is the
 * harness's surprise (broken).
 */
import type { Json } from "../contract/arguments.js";
import { isFailureValue } from "../contract/schemas.js";
import type { Observation } from "../probe/observation.js";
import { onNextTarget } from "../target-scope/next-target.js";
import { PreconditionError } from "./precondition.js";

/** the clause that owns "createTaskSpace resolves a numeric id" (useTaskSpace takes a number) */
const NUMERIC_ID_CLAUSE = "numeric-ids.create.id-is-number";

/** id (as JSON) -> the kind of answer createTaskSpace gave when it handed the id out */
const CREATED_WITH = new Map<string, string>();
onNextTarget(() => CREATED_WITH.clear());

export function noteCreatedWith(id: Json, answer: string): void {
  CREATED_WITH.set(JSON.stringify(id), answer);
}

export function selectionRefused(id: Json): Error {
  const what = `useTaskSpace refused the id ${JSON.stringify(id)} that createTaskSpace handed out`;
  if (typeof id === "number") return new Error(what);
  return new PreconditionError(`precondition failed: ${what}, which is not a number`, NUMERIC_ID_CLAUSE, CREATED_WITH.get(JSON.stringify(id)));
}

/**
 * For a clause whose observed call is useTaskSpace itself: the build refused a string id it handed
 * out (the numeric-ids rule, not the clause's), so the clause has nothing of its own to judge.
 * A number refused is left to the clause, which judges the answer.
 */
export function throwIfOwnIdRefused(id: Json, use: Observation): void {
  const answered = (use.channel === "returned" || use.channel === "resolved") && !isFailureValue(use.value);
  if (!answered && typeof id !== "number") throw selectionRefused(id);
}
