// A createTaskSpace call rejected for its arguments must not create a space anyway.
import { expect } from "vitest";
import { invalidArgumentCases } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { resolveArgs } from "../../src/harness/invalid-arguments.js";
import { listedEntries, observeCall } from "../../src/harness/probes.js";

clause("arguments.createTaskSpace.no-space-on-throw", async ({ ego, spaces }) => {
  for (const c of invalidArgumentCases("createTaskSpace").filter((c) => c.status === "documented")) {
    const args = await resolveArgs(c.args, spaces);
    await spaces.probed(() => observeCall(ego, "createTaskSpace", args));
  }
  const created = (await listedEntries(ego)).filter((e) => typeof e.name === "string" && e.name.startsWith(spaces.prefix));
  expect(created, "spaces created by rejected createTaskSpace calls").toEqual([]);
});
