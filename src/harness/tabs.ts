/**
 * Waiting for a tab: the docs promise no moment at which a new tab reports its url and title
 * (a real page loads on its own time), so clauses poll listTabs with a bound, as the close
 * clauses poll the listing. The loop runs inside the target: one probe, whatever the bound.
 */
import type { Json } from "../contract/arguments.js";
import type { Session } from "../targets/target.js";
import { selectionRefused } from "./refused-selection.js";
import type { OwnSpace } from "./test-spaces.js";

export interface ListedTab {
  index: number;
  targetId: string;
  url: string;
  title: string;
  active: boolean;
}

export interface TabWait {
  /** the listing when the wait ended (the last one seen, if the bound passed) */
  tabs: ListedTab[];
  /** whether the wanted tab showed up as wanted within the bound */
  met: boolean;
  /** what listTabs gave when it did not resolve {tabs} */
  failure?: Json;
}

/**
 * Selects `space` and opens a tab at `url` there: a step before what the clause judges (the
 * descriptor as createTab resolved it, of which the clause reads the targetId).
 */
export async function openTab(session: Session, space: OwnSpace, url: string): Promise<{ targetId: string }> {
  const tab = await session.evaluate(async (p, id, url) => {
    if (!(await p.use(id))) return null;
    return (await p.ego.createTab(url)) as { targetId: string };
  }, space.id, url);
  if (tab === null) throw selectionRefused(space.id);
  return tab;
}

/**
 * Selects `space` and polls listTabs until the tab `targetId` is listed with `want`'s fields
 * (each given field equal; `titleNonEmpty` asks for any non-empty title), or `boundMs` passes.
 */
export async function waitForTab(
  session: Session,
  space: OwnSpace,
  targetId: string,
  want: { url?: string; title?: string; titleNonEmpty?: boolean } = {},
  boundMs = 5000,
): Promise<TabWait> {
  const seen = await session.evaluate(
    async (p, spaceId, targetId, want, boundMs) => {
      if (!(await p.use(spaceId))) return null;
      const w = want as { url?: string; title?: string; titleNonEmpty?: boolean };
      const deadline = Date.now() + (boundMs as number);
      const poll = p.poll();
      for (;;) {
        const listed = (await poll.attempt(() => p.ego.listTabs())) as { tabs?: unknown };
        if (!Array.isArray(listed?.tabs)) return { tabs: [], met: false, failure: listed as never };
        const tabs = listed.tabs as { targetId: string; url: string; title: string }[];
        const tab = tabs.find((t) => t.targetId === targetId);
        const met =
          tab !== undefined &&
          (w.url === undefined || tab.url === w.url) &&
          (w.title === undefined || tab.title === w.title) &&
          (!w.titleNonEmpty || (typeof tab.title === "string" && tab.title.length > 0));
        if (met || Date.now() > deadline) return { tabs: tabs as never, met };
        await p.sleep(50);
      }
    },
    space.id,
    targetId,
    want as Json,
    boundMs,
  );
  if (seen === null) throw selectionRefused(space.id);
  return seen as TabWait;
}
