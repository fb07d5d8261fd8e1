// A blocked call changes nothing: no tab opens, no state text lands.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";

clause("user-control.blocked.no-side-effect", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, url) => {
    await p.use(id);
    const before = (await p.ego.listTabs()) as { tabs: { targetId: unknown; url: unknown }[] };
    await p.ego.handOffTaskSpace();
    await p.ego.createTab(url);
    await p.ego.setAgentTaskState("must not land");
    await p.ego.takeOverTaskSpace();
    const after = (await p.ego.listTabs()) as { tabs: { targetId: unknown; url: unknown }[] };
    // the tabs by targetId and url (the space's blank tab and nothing else, which does not move on
    // its own; a title may still settle meanwhile): a blocked createTab neither opens a tab nor
    // sends an existing one to its url
    const tabs = (l: typeof before) => l.tabs.map((t) => ({ targetId: t.targetId, url: t.url }));
    return { before: tabs(before), after: tabs(after), url };
  }, own.id, offlineUrl("blocked"));
  expect(seen.after, "no tab was opened or navigated by the blocked createTab (the space's tabs, by targetId and url)").toEqual(seen.before);
});
