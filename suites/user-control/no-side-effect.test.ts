// A blocked call changes nothing: no tab opens, no state text lands.
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { offlineUrl } from "../../src/harness/offline-urls.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { selectionRefused } from "../../src/harness/test-spaces.js";

clause("user-control.blocked.no-side-effect", async ({ ego, spaces }) => {
  const own = await spaces.create();
  const seen = await ego.evaluate(async (p, id, url) => {
    if (!(await p.use(id))) return null;
    const before = (await p.ego.listTabs()) as { tabs: { targetId: unknown; url: unknown }[] };
    await p.ego.handOffTaskSpace();
    await p.ego.createTab(url);
    await p.ego.setAgentTaskState("must not land");
    await p.ego.takeOverTaskSpace();
    const after = (await p.ego.listTabs()) as { tabs?: { targetId: unknown; url: unknown }[] };
    // the tabs can be looked at only once the take-over gave the space back
    if (!Array.isArray(after?.tabs)) return { before: tabs(before), after: null, listed: p.toJson(after), url };
    // the tabs by targetId and url (the space's blank tab and nothing else, which does not move on
    // its own; a title may still settle meanwhile): a blocked createTab neither opens a tab nor
    // sends an existing one to its url
    return { before: tabs(before), after: tabs(after as typeof before), listed: null, url };
    function tabs(l: typeof before) {
      return l.tabs.map((t) => ({ targetId: t.targetId, url: t.url }));
    }
  }, own.id, offlineUrl("blocked"));
  if (seen === null) throw selectionRefused(own.id);
  if (seen.after === null) throw new PreconditionError(`precondition failed: after takeOverTaskSpace resolved, listTabs still answered ${JSON.stringify(seen.listed)}`, "user-control.take-over.unblocks");
  expect(seen.after, "no tab was opened or navigated by the blocked createTab (the space's tabs, by targetId and url)").toEqual(seen.before);
});
