// listProfiles: shape, unique ids, exactly one default.
import { expect } from "vitest";
import { ProfileList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import { describeObservation } from "../../src/probe/index.js";
import type { Session } from "../../src/targets/target.js";

clause("profiles.list.shape", async ({ ego }) => {
  expect(await observeCall(ego, "listProfiles")).toResolveMatching(ProfileList);
});

/** The listed profiles; a build without a usable listProfiles fails the clause as a missing method. */
async function listed(ego: Session): Promise<Record<string, unknown>[]> {
  const seen = await observeCall(ego, "listProfiles");
  const profiles = (seen.value as { profiles?: unknown } | null | undefined)?.profiles;
  expect(seen.channel === "resolved" && Array.isArray(profiles), `listProfiles() resolves {profiles: [...]}: ${describeObservation(seen)}`).toBe(true);
  return profiles as Record<string, unknown>[];
}

clause("profiles.list.unique-ids", async ({ ego }) => {
  const profiles = (await listed(ego)) as { id: string }[];
  const ids = profiles.map((p) => p.id);
  expect(ids.every((id) => typeof id === "string" && id.length > 0), `ids ${JSON.stringify(ids)}`).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
});

clause("profiles.list.one-default", async ({ ego }) => {
  const profiles = (await listed(ego)) as { isDefault: unknown }[];
  expect(profiles.filter((p) => p.isDefault === true)).toHaveLength(1);
});
