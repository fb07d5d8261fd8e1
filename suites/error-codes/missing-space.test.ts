// Task-scoped calls on a selected space that no longer exists (closed) or never existed.
import { expect } from "vitest";
import { ErrorObject } from "../../src/contract/index.js";
import { clause, soleMethod, type ClauseContext } from "../../src/harness/clause.js";
import { selectClosedSpace, unusedId } from "../../src/harness/probes.js";

/** The clause's one method (closeTaskSpace or completeTaskSpace) on a selected space that was closed. */
async function onClosedSpace(ctx: ClauseContext): Promise<void> {
  const method = soleMethod(ctx.clause);
  await selectClosedSpace(ctx.ego, (await ctx.spaces.create()).id);
  const seen = await ctx.ego.evaluate((p, method) => p.call(method, []), method);
  expect(seen.channel, "an error object is resolved, not thrown or rejected").toBe("resolved");
  expect(seen).toCarryDocumentedErrorCode();
}

clause("error-codes.close.missing-space", onClosedSpace);
clause("error-codes.complete.missing-space", onClosedSpace);

clause("error-codes.missing-space.code", async ({ ego, openDetail }) => {
  const id = await unusedId(ego);
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    return p.call("listTabs", []);
  }, id);
  // core: a failure with a documented code, resolved as an error object or rejected as an Error
  if (seen.channel === "rejected") expect(seen.error?.isError && seen.error.errorCodeIsOwn, "a rejection is an Error with its own error_code").toBe(true);
  else expect(seen).toResolveMatching(ErrorObject);
  expect(seen).toCarryDocumentedErrorCode();
  await openDetail(() => {
    expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_FOUND", new RegExp(`\\b${id}\\b`));
  });
});
