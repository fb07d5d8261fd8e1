/**
 * Spaces that appeared during a probe: a bad argument can still make a space on a lenient build,
 * without the run's prefix, and comparing the listings before and after finds it so the run can
 * record and close it. Pure; a space the user made meanwhile (createdBy "user") is never taken.
 */
import { runIdOfSpaceName } from "./run-id.js";
import { idKey, type ListedSpace } from "./listed-space.js";

export function appearedSpaces(before: readonly ListedSpace[], after: readonly ListedSpace[]): ListedSpace[] {
  const known = new Set(before.map((s) => idKey(s.id)));
  return after.filter(
    (s) => s.id !== null && !known.has(idKey(s.id)) && typeof s.name === "string" && runIdOfSpaceName(s.name) === null && (s.createdBy === "agent" || s.createdBy === null),
  );
}
