/**
 * The one listing of task spaces through a session, with the observation it read: the suites take
 * its entries, the safety checks read only the documented shape.
 */
import type { Json } from "../contract/arguments.js";
import type { Observation } from "../probe/observation.js";
import type { Session } from "../targets/target.js";
import { readListing, type Listing } from "./listed-space.js";

export type SpaceListing = { ok: true; entries: Record<string, Json>[]; observation: Observation } | { ok: false; reason: string; observation: Observation };

export async function listSpaces(session: Session): Promise<SpaceListing> {
  const listed = await session.evaluate(async (p) => p.spaces());
  return listed.ok ? { ok: true, entries: listed.entries, observation: listed.observation } : { ok: false, reason: String(listed.reason), observation: listed.observation };
}

/**
 * The listing the safety checks compare (src/safety/listed-space.ts): what ego.listTaskSpaces()
 * itself resolved, in the documented `{taskSpaces: [...]}` shape, entry by entry; anything else
 * (another channel, another shape, a session that failed) is a reason, never a guess.
 */
export async function documentedListing(session: Session): Promise<Listing> {
  try {
    const seen = (await listSpaces(session)).observation;
    // the observation of ego.listTaskSpaces() itself: not a synchronous return, nor the bare native function's
    if (seen.channel !== "resolved" || seen.call !== "listTaskSpaces()") return { ok: false, reason: `listTaskSpaces() did not resolve: ${JSON.stringify(seen)}` };
    return readListing(seen.value);
  } catch (error) {
    return { ok: false, reason: `could not list task spaces: ${error instanceof Error ? error.message : String(error)}` };
  }
}
