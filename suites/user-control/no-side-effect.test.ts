// A blocked call changes nothing: no tab opens, no state text lands.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";

clause("user-control.blocked.no-side-effect", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, url) => {
    await p.use(id);
    const before = (await p.ego.listTabs()) as { tabs: { targetId: unknown }[] };
    await p.ego.handOffTaskSpace();
    await p.ego.createTab(url);
    await p.ego.setAgentTaskState("must not land");
    await p.ego.takeOverTaskSpace();
    const after = (await p.ego.listTabs()) as { tabs: { targetId: unknown }[] };
    // the tabs by targetId: a real page's title and url may still change on their own meanwhile
    return { before: before.tabs.map((t) => t.targetId), after: after.tabs.map((t) => t.targetId) };
  }, own.id, offlineUrl("blocked"));
  expect(seen.after, "no tab was opened by the blocked createTab (the space's tabs, by targetId)").toEqual(seen.before);
});
