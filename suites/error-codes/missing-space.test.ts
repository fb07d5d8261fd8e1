// Task-scoped calls on a selected space that no longer exists (closed) or never existed.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { selectClosedSpace, unusedId } from "../../src/harness/probes.js";

for (const method of ["closeTaskSpace", "completeTaskSpace"] as const) {
  const id = method === "closeTaskSpace" ? "error-codes.close.missing-space" : "error-codes.complete.missing-space";
  clause(id, async (ctx) => {
    await selectClosedSpace(ctx.ego, (await ctx.spaces.create()).id);
    const seen = await ctx.ego.evaluate((p, method) => p.call(method, []), method);
    expect(seen.channel, "an error object is resolved, not thrown or rejected").toBe("resolved");
    expect(seen).toCarryDocumentedErrorCode();
  });
}

clause("error-codes.missing-space.code", async ({ ego }) => {
  const id = await unusedId(ego);
  const seen = await ego.evaluate(async (p, id) => {
    await p.use(id);
    return p.call("listTabs", []);
  }, id);
  expect(seen).toResolveWithErrorCode("EGO_TASK_SPACE_NOT_FOUND", new RegExp(`\\b${id}\\b`));
});
