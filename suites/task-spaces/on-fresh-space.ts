/**
 * The lifecycle and control calls (close, complete, hand off, take over) act on the selected
 * space and take no arguments: a clause about one makes the call on a fresh space of the run,
 * created or, to start from the user's side, created and handed off.
 */
import type { TestSpaces } from "../../src/harness/test-spaces.js";
import { observeCall } from "../../src/harness/probes.js";
import type { Session } from "../../src/targets/target.js";

export type MethodOnSpace = "closeTaskSpace" | "completeTaskSpace" | "handOffTaskSpace" | "takeOverTaskSpace";

/** A fresh space (`from` "created", or "delegated": handed off to the user) and how `method` ended on it. */
export async function callOnFreshSpace(ego: Session, spaces: TestSpaces, method: MethodOnSpace, from: "created" | "delegated" = "created") {
  const own = from === "delegated" ? await spaces.delegated() : await spaces.create();
  return { own, seen: await observeCall(ego, method, [], own.id) };
}
