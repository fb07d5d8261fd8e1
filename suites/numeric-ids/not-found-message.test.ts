// "Task space not found: <id>": the message names the numeric id used for the lookup.
import { expect } from "vitest";
import type { Observation } from "../../src/probe/index.js";
import { clause } from "../../src/harness/clause.js";
import { stoppedBy } from "../../src/harness/precondition.js";
import { observeCall, unusedId } from "../../src/harness/probes.js";

/** The failure's message on whichever channel it came: the channel and the code are error-codes.claim.not-found's rule, not this one's. */
function failureMessage(seen: Observation): string | undefined {
  if (seen.channel === "threw" || seen.channel === "rejected") return seen.error?.message;
  const error = (seen.value as { error?: unknown } | null | undefined)?.error;
  return typeof error === "string" ? error : undefined;
}

clause("numeric-ids.not-found.message-carries-id", async ({ ego }) => {
  const id = await unusedId(ego);
  const seen = await observeCall(ego, "claimTaskSpace", [id]);
  const message = failureMessage(seen);
  if (message === undefined) throw stoppedBy(seen, "error-codes.claim.not-found", `claimTaskSpace(${id}) of an unknown id gave no failure with a message`);
  expect(message, "the not-found message names the id").toMatch(new RegExp(`(^|\\D)${id}(\\D|$)`));
});
