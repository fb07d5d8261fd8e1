// A snapshot after createTab captures the tab it created: the reference's Complete Example opens
// a page with createTab(url) and takes snapshot() of it at once. Every clause that snapshots a page
// it opened stands on this rule (./created-tab.ts names it as their precondition).
import * as allure from "allure-js-commons";
import { FIXTURE_PAGES } from "../../src/fixture-pages/index.js";
import { clause, type ClauseContext } from "../../src/harness/clause.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { offlinePageText, offlineUrl } from "../../src/harness/offline-urls.js";
import { stoppedBy } from "../../src/harness/precondition.js";
import { CAPTURES_NEW_TAB, loadBound, notShown, openAndShow, type Mark } from "./created-tab.js";
import { shows } from "./snapshot-text.js";

const pages = useFixturePages();

/**
 * Two pages with refs, so the second snapshot must move off a page that is not blank: fixture
 * pages where the target has real pages, offline pages (the target's model of them) elsewhere.
 */
async function twoPages(ctx: ClauseContext): Promise<{ url: string; marks: Mark[] }[]> {
  if (!ctx.target.info.capabilities.has("pages")) {
    return ["captured-first", "captured-second"].map((label) => ({ url: offlineUrl(label), marks: [{ text: offlinePageText(label) }] }));
  }
  const server = await pages();
  return (["buttons", "links"] as const).map((page) => ({ url: server.url(page), marks: [{ text: FIXTURE_PAGES[page].heading! }, { text: FIXTURE_PAGES[page].end! }] }));
}

clause("snapshot.create-tab.captures-new-tab", async (ctx) => {
  const own = await ctx.spaces.create();
  const bound = loadBound(ctx);
  let previous: Mark[] = [];
  for (const { url, marks } of await twoPages(ctx)) {
    const seen = await openAndShow(ctx, own.id, url, marks, bound);
    await allure.attachment(`snapshot after createTab(${url})`, JSON.stringify(seen.stage === "shown" ? seen.content : seen.last, null, 2), "application/json");
    // the content stage is this clause's own failure, on the snapshot's answer; the others are the owners' of createTab and snapshot
    if (seen.stage !== "shown") throw notShown(seen, url, `that page (${marks.map((m) => `'${m.text}'`).join(", ")}) within ${bound / 1000} s`);
    const end = previous.at(-1);
    if (end !== undefined && shows(seen.content, end.text) > 0) throw stoppedBy(seen.last, CAPTURES_NEW_TAB, `the snapshot after createTab(${url}) still shows the page the space had open before ('${end.text}')`);
    previous = marks;
  }
});
