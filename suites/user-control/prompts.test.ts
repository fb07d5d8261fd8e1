// Real pages that ask the user something: a permission prompt (geolocation) and a JS dialog, on
// the fixture pages served on loopback by this file.
import { expect } from "vitest";
import { TabList } from "../../src/contract/index.js";
import { DIALOG_FALLBACK_REASON_KEY } from "../../src/contract/reason-keys.js";
import { FIXTURE_FACTS } from "../../src/fixture-pages/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { PreconditionError } from "../../src/harness/precondition.js";

const fixtures = useFixturePages();

/** how long a page may take to load and ask */
const BOUND_MS = 15_000;
/** how long the hand-off may take once a listing shows the page has asked (its title's mark) */
const AFTER_ASKING_MS = 5_000;

/**
 * Opens `page` in a new space and polls listTabs until it is blocked, or no block came within
 * `watchMs`, or within AFTER_ASKING_MS of a listing that showed the page asking.
 */
async function openAndWatch(ctx: ClauseContext, page: "geolocation" | "dialog", watchMs = BOUND_MS) {
  const url = (await fixtures()).url(page);
  const own = await ctx.spaces.create();
  const seen = await ctx.ego.evaluate(async (p, id, url, watchMs, graceMs, mark) => {
    p.ego.useTaskSpace(id);
    await p.ego.createTab(url);
    let deadline = Date.now() + watchMs;
    let asked = false;
    const poll = p.poll();
    for (;;) {
      const o = await poll.attempt(() => p.call("listTabs", []));
      const value = o.value as { error?: unknown; error_code?: unknown; tabs?: unknown } | undefined;
      // blocked: an error object in place of the tabs, whatever it carries (builds before error
      // codes send {error} alone); the code itself is judged by the clauses that need error-codes
      if (o.channel !== "resolved" || (value?.error !== undefined && value?.error !== null)) return { blocked: true, asked, observation: o };
      const tabs = Array.isArray(value?.tabs) ? (value.tabs as { title?: unknown }[]) : [];
      if (!asked && tabs.some((t) => typeof t?.title === "string" && t.title.includes(mark))) {
        asked = true;
        deadline = Math.min(deadline, Date.now() + graceMs);
      }
      if (Date.now() > deadline) return { blocked: false, asked, observation: o };
      await p.sleep(100);
    }
  }, own.id, url, watchMs, AFTER_ASKING_MS, FIXTURE_FACTS.prompts.askingTitleMark);
  return { spaceId: own.id, ...seen };
}

const handedOver = (seen: { asked: boolean }) =>
  `the space was handed to the user ${seen.asked ? `within ${AFTER_ASKING_MS} ms of the page asking (its title showed the mark)` : `within ${BOUND_MS} ms of opening the page`}`;

clause("user-control.prompt.location", async (ctx) => {
  const seen = await openAndWatch(ctx, "geolocation");
  expect(seen.blocked, handedOver(seen)).toBe(true);
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
  expect(seen.blocked, handedOver(seen)).toBe(true);
  expect(seen.observation).toResolveWithErrorCode("EGO_TASK_SPACE_USER_IN_CONTROL");
  expect((seen.observation.value as { error?: unknown }).error).toBe(DIALOG_FALLBACK_REASON_KEY);
});

clause("user-control.dialog.stays-with-agent", async (ctx) => {
  const seen = await openAndWatch(ctx, "dialog", 3_000);
  expect(seen.blocked, `the dialog did not hand the space over: ${JSON.stringify(seen.observation)}`).toBe(false);
  // the dialog is still open: the operator closes it (where there is one), so the space can close cleanly
  await ctx.operator?.answerPrompt?.(seen.spaceId, { accept: true }).catch(() => false);
});
