// A popup a space's page opens belongs to that space: the v2 runtime finds a url opened in a popup
// among the space's tabs (research 1.3), and another space must not list it. Whether the listing
// shows the popup's title within the bound is the open detail.
import { expect } from "vitest";
import { FIXTURE_FACTS, FIXTURE_PAGES } from "../../src/fixture-pages/index.js";
import { clause } from "../../src/harness/clause.js";
import { useFixturePages } from "../../src/harness/fixture-server.js";
import { PreconditionError, stoppedBy } from "../../src/harness/precondition.js";
import type { Observation } from "../../src/probe/observation.js";

const pages = useFixturePages();
const BOUND_MS = 15_000;

interface ListedTab {
  targetId: string;
  url: string;
  title: string;
}

clause("tabs.popup.in-opener-space", async ({ ego, spaces, openDetail }) => {
  const server = await pages();
  const openerUrl = server.url("popup");
  const popupUrl = server.url(FIXTURE_FACTS.popup.opens);
  const own = await spaces.create();
  const other = await spaces.create();
  const seen = await ego.evaluate(
    async (p, id, otherId, openerUrl, openerTitle, popupUrl, linkId, boundMs, popupTitle) => {
      const tabsOf = async (): Promise<ListedTab[]> => ((await p.ego.listTabs()) as { tabs?: ListedTab[] }).tabs ?? [];
      const poll = async (done: (tabs: ListedTab[]) => boolean): Promise<{ tabs: ListedTab[]; met: boolean }> => {
        const deadline = Date.now() + boundMs;
        const attempts = p.poll();
        for (;;) {
          const tabs = await attempts.attempt(tabsOf);
          if (done(tabs)) return { tabs, met: true };
          if (Date.now() > deadline) return { tabs, met: false };
          await p.sleep(100);
        }
      };
      await p.use(id);
      const made = await p.call("createTab", [openerUrl]);
      const opener = made.value as { targetId?: unknown } | undefined;
      if (made.channel !== "resolved" || typeof opener?.targetId !== "string") return { stage: "createTab" as const, detail: made };
      const openerId = opener.targetId;
      const loaded = await poll((tabs) => tabs.some((t) => t.targetId === openerId && t.url === openerUrl && t.title === openerTitle));
      if (!loaded.met) return { stage: "opener" as const, detail: p.toJson(loaded.tabs) };
      const before = loaded.tabs.map((t) => t.targetId);
      const click = `(() => { const a = document.getElementById(${JSON.stringify(linkId)}); if (!a) return 0; a.click(); return 1; })()`;
      const clicked = await p.withCdp(
        async (cdp) => {
          const attach = (await cdp.send("Target.attachToTarget", { targetId: openerId, flatten: true })) as { result?: { sessionId?: string } };
          const sessionId = attach.result?.sessionId;
          if (sessionId === undefined) return { ok: false, attached: false, detail: attach };
          const answer = (await cdp.send("Runtime.evaluate", { expression: click, userGesture: true, returnByValue: true }, sessionId)) as { result?: { result?: { value?: unknown } } };
          return { ok: answer.result?.result?.value === 1, attached: true, detail: answer };
        },
        { timeoutMs: 10_000 },
      );
      if (!clicked.ok) return { stage: "click" as const, attached: clicked.attached, detail: p.toJson(clicked.detail) };
      const isPopup = (t: ListedTab) => !before.includes(t.targetId) && t.url === popupUrl;
      const listed = await poll((tabs) => tabs.some(isPopup));
      const popup = listed.tabs.find(isPopup) ?? null;
      // the open detail: the popup's page title, polled within the same bound for the title its page
      // sets (a listing may show a placeholder title, the url, while the page still loads under load)
      const titled = popup === null ? null : await poll((tabs) => tabs.some((t) => t.targetId === popup.targetId && t.title === popupTitle));
      await p.use(otherId);
      const elsewhere = await tabsOf();
      return {
        stage: "done" as const,
        opener: openerId,
        popup,
        title: titled?.tabs.find((t) => t.targetId === popup?.targetId)?.title ?? null,
        tabs: p.toJson(listed.tabs),
        elsewhere: elsewhere.filter((t) => t.url === popupUrl || t.targetId === popup?.targetId).map((t) => ({ targetId: t.targetId, url: t.url })),
      };
    },
    own.id,
    other.id,
    openerUrl,
    FIXTURE_PAGES.popup.heading ?? "",
    popupUrl,
    FIXTURE_FACTS.popup.link,
    BOUND_MS,
    FIXTURE_FACTS.popup.opensTitle,
  );
  if (seen.stage === "createTab") throw stoppedBy(seen.detail as Observation, "tabs.create.result", `createTab(${openerUrl}) resolved no targetId`);
  if (seen.stage === "opener") throw new PreconditionError(`the opener page was not listed with its url and title within ${BOUND_MS} ms: ${JSON.stringify(seen.detail)}`, "tabs.list.real-title");
  if (seen.stage === "click") {
    const owner = seen.attached ? "cdp.round-trip.runtime-evaluate" : "cdp.round-trip.attach-flatten";
    throw new PreconditionError(`clicking the target=_blank link over raw CDP failed: ${JSON.stringify(seen.detail)}`, owner);
  }
  expect(seen.popup, `within ${BOUND_MS} ms the space lists no new tab on ${popupUrl} after its page's target=_blank link was clicked; its tabs: ${JSON.stringify(seen.tabs)}`).not.toBeNull();
  expect(seen.popup?.targetId, "the popup is a tab of its own, not the opener").not.toBe(seen.opener);
  expect(seen.elsewhere, "another space of this run does not list the popup").toEqual([]);
  await openDetail(() => {
    expect(seen.title, "the listing shows the popup page's title once it has loaded").toBe(FIXTURE_FACTS.popup.opensTitle);
  });
});
