/** One `listTaskSpaces()` through a session, read as a listing (src/safety/space-listing.ts). */
import type { Session } from "../target/target.js";
import { readListing, type Listing } from "./space-listing.js";

export async function listSpaces(session: Session): Promise<Listing> {
  try {
    const seen = await session.evaluate(async (p) => p.observe(() => p.ego.listTaskSpaces(), { call: "listTaskSpaces()", timeoutMs: 10_000 }));
    if (seen.channel !== "resolved") return { ok: false, reason: `listTaskSpaces() did not resolve: ${JSON.stringify(seen)}` };
    return readListing(seen.value);
  } catch (error) {
    return { ok: false, reason: `could not list task spaces: ${error instanceof Error ? error.message : String(error)}` };
  }
}
