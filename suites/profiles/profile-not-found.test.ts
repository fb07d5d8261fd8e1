// Unknown profile ids, and profile display names, resolve EGO_PROFILE_NOT_FOUND and create nothing.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { listedEntries, observeCall } from "../../src/harness/probes.js";
import { PreconditionError } from "../../src/harness/precondition.js";

const UNKNOWN = "ego-conformance no such profile";

clause("profiles.create.not-found", async ({ ego, spaces }) => {
  const seen = await observeCall(ego, "createTaskSpace", [spaces.name(), UNKNOWN]);
  expect(seen).toResolveWithErrorCode("EGO_PROFILE_NOT_FOUND", "Profile not found");
});

clause("profiles.create.not-found-leaves-nothing", async ({ ego, spaces }) => {
  const name = spaces.name("not-created");
  await observeCall(ego, "createTaskSpace", [name, UNKNOWN]);
  expect((await listedEntries(ego)).filter((e) => e.name === name)).toEqual([]);
});

clause("profiles.create.name-is-not-locator", async ({ ego, spaces }) => {
  const seen = await observeCall(ego, "listProfiles");
  const profiles = (seen.value as { profiles?: { id: string; name: string }[] } | null | undefined)?.profiles;
  if (!Array.isArray(profiles)) throw new PreconditionError(`precondition failed: listProfiles gave no profiles: ${JSON.stringify(seen)}`, "profiles.list.shape");
  const ids = new Set(profiles.map((p) => p.id));
  const byName = profiles.find((p) => !ids.has(p.name));
  if (!byName) throw new Error("precondition failed: every profile's display name is also a profile id");
  expect(await observeCall(ego, "createTaskSpace", [spaces.name(), byName.name])).toResolveWithErrorCode("EGO_PROFILE_NOT_FOUND");
});
