/**
 * Spaces that appeared during a probe (issue 19): a probe that passes a bad argument can still
 * create a space on a lenient build (`createTaskSpace(42)` makes a space named "42"), without the
 * run's prefix. Comparing the listing before and after the probe finds it; the caller records it
 * in the run ledger as the run's (APPEARED_VIA, ./ledger.ts), closes it, and the invariance check
 * leaves it out of the user's spaces. Pure: two listings in, the new spaces out.
 *
 * Only what the probe can have made counts: a space with an id that the first listing did not
 * have, made by the agent (createdBy "agent", or a listing without createdBy), and whose name has
 * no harness prefix (a prefixed space is its own test's, or another run's, and proven as such by
 * ./proven-ours.ts). A Space the user made meanwhile says createdBy "user" and is never taken.
 */
import { runIdOfSpaceName } from "./run-id.js";
import { idKey, type ListedSpace } from "./listed-space.js";

export function appearedSpaces(before: readonly ListedSpace[], after: readonly ListedSpace[]): ListedSpace[] {
  const known = new Set(before.map((s) => idKey(s.id)));
  return after.filter(
    (s) => s.id !== null && !known.has(idKey(s.id)) && typeof s.name === "string" && runIdOfSpaceName(s.name) === null && (s.createdBy === "agent" || s.createdBy === null),
  );
}
