// Real pages that ask the user something: a permission prompt (geolocation) and a JS dialog, on
// the fixture pages served on loopback by this file.
import { afterAll, expect } from "vitest";
import { TabList } from "../../src/contract/index.js";
import { DIALOG_FALLBACK_REASON_KEY } from "../../src/contract/reason-keys.js";
import { startFixtureServer, type FixtureServer } from "../../src/fixture-pages/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { PreconditionError } from "../../src/harness/precondition.js";

let server: Promise<FixtureServer> | undefined;
const fixtures = () => (server ??= startFixtureServer());
afterAll(async () => {
  if (server) await (await server).close();
});

const BOUND_MS = 15_000;

/** Opens `page` in a new space and polls listTabs (bounded) until it is blocked, or `watchMs` passes without a block. */
async function openAndWatch(ctx: ClauseContext, page: "geolocation" | "dialog", watchMs = BOUND_MS) {
  const url = (await fixtures()).url(page);
  const own = await ctx.spaces.create();
  const seen = await ctx.ego.evaluate(async (p, id, url, watchMs) => {
    p.ego.useTaskSpace(id);
    await p.ego.createTab(url);
    const deadline = Date.now() + watchMs;
    for (;;) {
      const o = await p.call("listTabs", []);
      const value = o.value as { error?: unknown; error_code?: unknown } | undefined;
      if (o.channel !== "resolved" || value?.error_code !== undefined) return { blocked: true, observation: o };
      if (Date.now() > deadline) return { blocked: false, observation: o };
      await p.sleep(100);
    }
  }, own.id, url, watchMs);
  return { spaceId: own.id, ...seen };
}

clause("user-control.prompt.location", async (ctx) => {
  const seen = await openAndWatch(ctx, "geolocation");
  expect(seen.blocked, "the space was handed to the user within the bound").toBe(true);
  expect(seen.observation).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  expect((seen.observation.value as { error?: unknown }).error).toBe("location");
});

clause("user-control.prompt.operator-answers", async (ctx) => {
  const answer = ctx.operator.answerPrompt;
  if (answer === undefined) throw new PreconditionError("the operator cannot answer a page's prompt here", "user-control.prompt.operator-answers");
  const seen = await openAndWatch(ctx, "geolocation");
  if (!seen.blocked) throw new PreconditionError("the geolocation prompt did not hand the space over", "user-control.prompt.location");
  expect(await answer.call(ctx.operator, seen.spaceId, { accept: true }), "there was a prompt to answer").toBe(true);
  const after = await ctx.ego.evaluate(async (p, id) => {
    p.ego.useTaskSpace(id);
    return p.call("listTabs", []);
  }, seen.spaceId);
  expect(after, "listTabs works again").toResolveMatching(TabList);
});

clause("user-control.dialog.fallback-key", async (ctx) => {
  const seen = await openAndWatch(ctx, "dialog");
  expect(seen.blocked, "the space was handed to the user within the bound").toBe(true);
  expect(seen.observation).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  expect((seen.observation.value as { error?: unknown }).error).toBe(DIALOG_FALLBACK_REASON_KEY);
});

clause("user-control.dialog.stays-with-agent", async (ctx) => {
  const seen = await openAndWatch(ctx, "dialog", 3_000);
  expect(seen.blocked, `the dialog did not hand the space over: ${JSON.stringify(seen.observation)}`).toBe(false);
  // the dialog is still open: the operator closes it (where there is one), so the space can close cleanly
  await ctx.operator?.answerPrompt?.(seen.spaceId, { accept: true }).catch(() => false);
});
