// listProfiles: shape, unique ids, exactly one default.
import { expect } from "vitest";
import { ProfileList } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";

clause("profiles.list.shape", async ({ ego }) => {
  expect(await observeCall(ego, "listProfiles")).toResolveMatching(ProfileList);
});

clause("profiles.list.unique-ids", async ({ ego }) => {
  const { profiles } = (await observeCall(ego, "listProfiles")).value as { profiles: { id: string }[] };
  const ids = profiles.map((p) => p.id);
  expect(ids.every((id) => typeof id === "string" && id.length > 0), `ids ${JSON.stringify(ids)}`).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
});

clause("profiles.list.one-default", async ({ ego }) => {
  const { profiles } = (await observeCall(ego, "listProfiles")).value as { profiles: { isDefault: unknown }[] };
  expect(profiles.filter((p) => p.isDefault === true)).toHaveLength(1);
});
