// createTaskSpace(name, profileId?): the given profile, or the default one for omitted, "" and "default".
import { expect } from "vitest";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import type { Json } from "../../src/contract/arguments.js";
import { entryOf, observeCall } from "../../src/harness/probes.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { describeObservation } from "../../src/probe/index.js";

interface Profile {
  id: string;
  name: string;
  isDefault: boolean;
}

async function profiles(ctx: ClauseContext): Promise<Profile[]> {
  const seen = await observeCall(ctx.ego, "listProfiles");
  const list = (seen.value as { profiles?: Profile[] } | undefined)?.profiles;
  if (!Array.isArray(list) || list.length === 0) throw new PreconditionError(`precondition failed: listProfiles gave no profile: ${describeObservation(seen)}`, "profiles.list.shape");
  return list;
}

/** Create a space of ours with the given argument list after the name, and return its listing entry. */
async function createdEntry(ctx: ClauseContext, rest: string[]) {
  const name = ctx.spaces.name();
  const seen = await observeCall(ctx.ego, "createTaskSpace", [name, ...rest]);
  // found by the id it returned, else by its name (builds without ids)
  const returned = (seen.value as { id?: Json } | null | undefined)?.id ?? null;
  const entry = await entryOf(ctx.ego, returned, name);
  if (entry !== undefined) ctx.spaces.track({ id: (returned ?? entry.id ?? entry.taskId ?? name) as number, name });
  expect(entry, `createTaskSpace(${[name, ...rest].map((a) => JSON.stringify(a)).join(", ")}) made a listed space: ${describeObservation(seen)}`).toBeDefined();
  return entry;
}

clause("profiles.create.with-profile-id", async (ctx) => {
  const all = await profiles(ctx);
  const chosen = all.find((p) => !p.isDefault) ?? all[0]!;
  expect(await createdEntry(ctx, [chosen.id])).toMatchObject({ profileId: chosen.id, profileName: chosen.name });
});

/** A space created with `rest` after its name lands on the default profile. */
function onDefaultProfile(rest: string[]) {
  return async (ctx: ClauseContext) => {
    const fallback = (await profiles(ctx)).find((p) => p.isDefault);
    expect(fallback, "listProfiles marks a default profile").toBeDefined();
    expect(await createdEntry(ctx, rest)).toMatchObject({ profileId: fallback!.id });
  };
}

clause("profiles.create.default-omitted", onDefaultProfile([]));
clause("profiles.create.default-empty", onDefaultProfile([""]));
clause("profiles.create.default-keyword", onDefaultProfile(["default"]));
