// Calls the doc does not list as blocked, made while the selected space is under user control: their
// core is judged, whether they are blocked is observed. One clause per unlisted method, each named
// by its literal id.
import { expect } from "vitest";
import { METHODS, type Json, type MethodName } from "../../src/contract/index.js";
import { NEVER_BLOCKED_UNDER_USER_CONTROL } from "../../src/contract/clauses/user-control.js";
import { clause, soleMethod } from "../../src/harness/clause.js";
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

async function unlisted(ctx: ClauseContext): Promise<void> {
  const method = soleMethod(ctx.clause);
  const own = await ctx.spaces.delegated();
  const args = await argsFor(method, own, ctx);
  const seen = await observeCall(ctx.ego, method, args, own.id);
  const value = seen.value as { id?: number; error_code?: string } | undefined;
  // A space createTaskSpace made here carries this test's prefix: cleanup finds it by name, and
  // by the id it returned where the listing shows names only.
  if (method === "createTaskSpace" && value?.id !== undefined && value.id !== null) ctx.spaces.track({ id: value.id, name: String(args[0]) });
  const blocked = value?.error_code === "EGO_TASK_SPACE_USER_IN_CONTROL";
  // core: the method's own channel; a call the doc settles is never blocked; a blocked call is blocked as documented
  if (METHODS[method].kind === "sync") expect(seen.channel, `${seen.call} returns synchronously`).toBe("returned");
  else expect(seen.channel, `${seen.call} resolves`).toBe("resolved");
  if (method === "useTaskSpace") expect(seen.value, "useTaskSpace returns the id it selected").toBe(args[0]);
  if (NEVER_BLOCKED_UNDER_USER_CONTROL[method] !== undefined) expect(blocked, `${seen.call} is not blocked: ${NEVER_BLOCKED_UNDER_USER_CONTROL[method]}`).toBe(false);
  else if (blocked) expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  await ctx.openDetail(() => {
    expect(blocked, `${seen.call} is not blocked (the fake's choice)`).toBe(false);
  });
}

clause("user-control.unlisted.getBrowserVersion", unlisted);
clause("user-control.unlisted.useTaskSpace", unlisted);
clause("user-control.unlisted.listProfiles", unlisted);
clause("user-control.unlisted.listTaskSpaces", unlisted);
clause("user-control.unlisted.createTaskSpace", unlisted);
clause("user-control.unlisted.claimTaskSpace", unlisted);
clause("user-control.unlisted.handOffTaskSpace", unlisted);
clause("user-control.unlisted.takeOverTaskSpace", unlisted);
