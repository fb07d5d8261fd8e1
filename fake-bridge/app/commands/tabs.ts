/** Tab commands of the selected space (native-bindings-api.md, "Tabs"). */
import { ok, type Outcome } from "../failures.js";
import { openRealTab, syncRealTabs } from "../chromium-tabs.js";
import type { MaybePromise } from "../serial.js";
import { tabEntries, type TabEntry } from "../tab-records.js";
import { BLANK_URL } from "../urls.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

type CreatedTab = { targetId: string; url: string; title: string };

/**
 * createTab(url): always a new tab, which becomes the active one (research Q7: no reuse of a
 * blank tab). Any string is accepted as the url. With the page model the result carries the url
 * as the browser reports it and the title the fake derives from it; with Chromium, the real
 * target's id, and its url and title as Chromium reports them when the tab was created (the page
 * loads on its own time: the docs promise no moment for url and title).
 */
export function createTab(ctx: CommandContext, url: string): MaybePromise<Outcome<CreatedTab>> {
  if (ctx.app.behaviour.blockedCreateTabNavigates) navigateBlankWhileBlocked(ctx, url);
  return onSelectedSpace(ctx, "createTab", (space) => {
    if (ctx.app.pages !== undefined) {
      return openRealTab(ctx.app, space, url).then((tab) => ok({ targetId: tab.targetId, url: tab.url, title: tab.title }));
    }
    const tab = ctx.app.openTab(space, url);
    return ok({ targetId: tab.targetId, url: tab.url, title: tab.title });
  });
}

/** listTabs: only the selected space's tabs (clause tabs.list.scoped-to-space); with Chromium, read from the browser. */
export function listTabs(ctx: CommandContext): MaybePromise<Outcome<{ tabs: TabEntry[] }>> {
  // the mutant listtabs-unscoped-when-unselected: with nothing selected, the whole browser's tabs
  if (ctx.app.behaviour.listTabsUnscopedWhenUnselected && ctx.selection === undefined) {
    return ok({ tabs: ctx.app.listed().filter((s) => !s.closing).flatMap((s) => tabEntries(s.tabs, s.activeTargetId)) });
  }
  return onSelectedSpace(ctx, "listTabs", (space) => {
    const entries = () =>
      // the mutant listtabs-unscoped-when-empty: no tab of its own left, the whole browser's
      ctx.app.behaviour.listTabsUnscopedWhenEmpty && space.tabs.length === 0
        ? ok({ tabs: ctx.app.listed().filter((s) => !s.closing).flatMap((s) => tabEntries(s.tabs, s.activeTargetId)) })
        : ok({ tabs: tabEntries(space.tabs, space.activeTargetId) });
    return ctx.app.pages !== undefined ? syncRealTabs(ctx.app, space).then(entries) : entries();
  });
}

/**
 * The mutant blocked-create-tab-navigates (page model): a createTab the user's control blocks still
 * sends the space's blank tab to `url`; the call itself answers as blocked.
 */
function navigateBlankWhileBlocked(ctx: CommandContext, url: string): void {
  const space = ctx.selection === undefined ? undefined : ctx.app.locate(ctx.selection);
  if (space === undefined || space.control === null) return;
  const blank = space.tabs.find((t) => t.url === BLANK_URL);
  if (blank !== undefined) blank.url = url;
}
