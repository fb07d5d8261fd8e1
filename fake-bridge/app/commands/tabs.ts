/** Tab commands of the selected space (native-bindings-api.md, "Tabs"). */
import { ok, type Outcome } from "../failures.js";
import { tabEntries, type TabEntry } from "../tabs.js";
import { onSelectedSpace, type CommandContext } from "./context.js";

/**
 * createTab(url): always a new tab, which becomes the active one (research Q7: no reuse of a
 * blank tab). Any string is accepted as the url; the result carries the url as the browser
 * reports it and the title the fake derives from it.
 */
export function createTab(ctx: CommandContext, url: string): Outcome<{ targetId: string; url: string; title: string }> {
  return onSelectedSpace(ctx, "createTab", (space) => {
    const tab = ctx.app.openTab(space, url);
    return ok({ targetId: tab.targetId, url: tab.url, title: tab.title });
  });
}

/** listTabs: only the selected space's tabs (clause tabs.list.scoped-to-space). */
export function listTabs(ctx: CommandContext): Outcome<{ tabs: TabEntry[] }> {
  return onSelectedSpace(ctx, "listTabs", (space) => ok({ tabs: tabEntries(space.tabs, space.activeTargetId) }));
}
