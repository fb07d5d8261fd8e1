// A snapshot after createTab captures the tab it created: the reference's Complete Example opens
// a page with createTab(url) and takes snapshot() of it at once. Every clause that snapshots a page
// it opened stands on this rule (./created-tab.ts names it as their precondition).
import * as allure from "allure-js-commons";
import { expect } from "vitest";
import { clause } from "../../src/harness/clause.js";
import { offlinePageText, offlineUrl } from "../../src/harness/offline-urls.js";
import { PreconditionError } from "../../src/harness/precondition.js";
import { loadBound, openAndShow } from "./created-tab.js";

/** two pages, so the second snapshot must move off a page that is not blank */
const PAGES = ["captured-first", "captured-second"] as const;

clause("snapshot.create-tab.captures-new-tab", async (ctx) => {
  const own = await ctx.spaces.create();
  const bound = loadBound(ctx);
  let previous: string | undefined;
  for (const label of PAGES) {
    const url = offlineUrl(label);
    const seen = await openAndShow(ctx, own.id, url, [{ text: offlinePageText(label) }], bound);
    if (seen.stage === "createTab") throw new PreconditionError(`createTab(${url}) resolved no targetId: ${JSON.stringify(seen.last)}`, "tabs.create.result");
    if (seen.stage === "snapshot") throw new PreconditionError(`snapshot() after createTab(${url}) did not resolve: ${JSON.stringify(seen.last)}`, "snapshot.result-shape");
    await allure.attachment(`snapshot after createTab(${url})`, JSON.stringify(seen.stage === "shown" ? seen.content : seen.last, null, 2), "application/json");
    expect(seen.stage, `within ${bound / 1000} s a snapshot after createTab(${url}) shows that page's text '${offlinePageText(label)}'`).toBe("shown");
    if (seen.stage !== "shown") return;
    if (previous !== undefined) expect(seen.content, "not the page the space had open before").not.toContain(offlinePageText(previous));
    previous = label;
  }
});
