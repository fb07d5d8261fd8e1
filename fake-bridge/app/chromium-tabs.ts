/**
 * The space's tab records made true to its real pages: the first call opens the space's context with
 * the tabs recorded so far, then every call reads the live targets. Which tab is active after a close
 * or a popup is the fake's choice (the reference says neither); plans closed-tab-activates-first and popup-activates flip it.
 */
import type { SpaceContext } from "../chromium/space-pages.js";
import type { FakeApp } from "./app.js";
import type { Tab } from "./tab-records.js";
import type { TaskSpace } from "./task-space.js";

export async function spaceContext(app: FakeApp, space: TaskSpace): Promise<SpaceContext> {
  const pages = app.pages!;
  const wasOpen = pages.isOpen(space.id);
  const context = await pages.context(space.id, space.profileId, space.tabs.map((t) => t.url));
  if (!wasOpen) {
    const targets = pages.initialTargets(space.id);
    const recorded = space.tabs.splice(0, space.tabs.length);
    targets.forEach((targetId, i) => space.tabs.push(app.realTab(targetId, recorded[i]?.url ?? "about:blank", recorded[i]?.title ?? "")));
    space.activeTargetId = targets[targets.length - 1]!;
  }
  return context;
}

/** Opens the context if needed and refreshes the records from the browser. */
export async function syncRealTabs(app: FakeApp, space: TaskSpace): Promise<SpaceContext> {
  const context = await spaceContext(app, space);
  const live = await app.pages!.pageTargets(context);
  const byId = new Map(live.map((t) => [t.targetId, t]));
  const kept: Tab[] = [];
  for (const tab of space.tabs) {
    const info = byId.get(tab.targetId);
    if (info === undefined) continue;
    tab.url = info.url;
    tab.title = info.title;
    byId.delete(tab.targetId);
    kept.push(tab);
  }
  let popup: string | undefined;
  for (const info of byId.values()) {
    const opened = info.openerId !== undefined && info.openerId !== "";
    // the popup-unlisted mutant: a page opened by a page (it has an opener) lands in no space
    if (app.behaviour.popupsUnlisted && opened) continue;
    kept.push(app.realTab(info.targetId, info.url, info.title));
    if (opened) popup = info.targetId;
  }
  space.tabs.splice(0, space.tabs.length, ...kept);
  // the popup-activates plan: a popup a page opened becomes the active tab (the fake leaves the active one)
  if (popup !== undefined && app.behaviour.popupActivates) space.activeTargetId = popup;
  if (kept.length > 0 && !kept.some((t) => t.targetId === space.activeTargetId)) {
    space.activeTargetId = (app.behaviour.closedTabActivatesFirst ? kept[0] : kept[kept.length - 1])!.targetId;
  }
  return context;
}

/** Opens a real tab and makes it the active one (the mutant create-tab-keeps-active: leaves the active one). */
export async function openRealTab(app: FakeApp, space: TaskSpace, url: string): Promise<Tab> {
  const context = await spaceContext(app, space);
  const real = await app.pages!.openTab(context, url);
  const tab = app.realTab(real.targetId, real.url, real.title);
  space.tabs.push(tab);
  if (!app.behaviour.createTabKeepsActive) space.activeTargetId = tab.targetId;
  return tab;
}
