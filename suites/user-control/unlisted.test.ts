// Calls the doc does not list as blocked, made while the selected space is under user control.
// Unspecified: the fake allows them; other builds are observed and reported.
import { expect } from "vitest";
import { UNLISTED_UNDER_USER_CONTROL, type Json, type MethodName } from "../../src/contract/index.js";
import { clause } from "../../src/harness/clause.js";
import { observeCall } from "../../src/harness/probes.js";
import type { ClauseContext } from "../../src/harness/clause.js";

/** Arguments that keep each call on spaces of this run. */
async function argsFor(method: MethodName, own: { id: number }, ctx: ClauseContext): Promise<Json[]> {
  switch (method) {
    case "useTaskSpace":
      return [own.id];
    case "createTaskSpace":
      return [ctx.spaces.name("while-delegated")];
    case "claimTaskSpace":
      return [own.id];
    default:
      return [];
  }
}

for (const method of UNLISTED_UNDER_USER_CONTROL) {
  clause(`user-control.unlisted.${method}`, async (ctx) => {
    const own = await ctx.spaces.delegated();
    const args = await argsFor(method, own, ctx);
    const seen = await observeCall(ctx.ego, method, args, own.id);
    const value = seen.value as { id?: number; error_code?: string } | undefined;
    // A space createTaskSpace made here carries this test's prefix: cleanup finds it by name, and
    // by the id it returned where the listing shows names only.
    if (method === "createTaskSpace" && value?.id !== undefined && value.id !== null) ctx.spaces.track({ id: value.id, name: String(args[0]) });
    expect(["returned", "resolved"], `${seen.call} is allowed`).toContain(seen.channel);
    expect(value?.error_code, `${seen.call} is not blocked`).not.toBe("EGO_TASK_SPACE_USER_IN_CONTROL");
  });
}
