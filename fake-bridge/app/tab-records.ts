/**
 * Tabs of a task space. Indexes are 0..n-1 in creation order; exactly one tab is active, the most
 * recently created one (clause tabs.list.one-active, research Q8).
 */
import type { Page } from "./page-model.js";

export interface Tab {
  readonly targetId: string;
  /** with real pages, refreshed from the browser on every read (../chromium) */
  url: string;
  title: string;
  page: Page;
}

export interface TabEntry {
  index: number;
  targetId: string;
  url: string;
  title: string;
  active: boolean;
}

export function tabEntries(tabs: readonly Tab[], activeTargetId: string): TabEntry[] {
  return tabs.map((t, index) => ({ index, targetId: t.targetId, url: t.url, title: t.title, active: t.targetId === activeTargetId }));
}

/** Titles of the space's tabs, most recently opened first, at most `limit` (listTaskSpaces.recentTabTitles). */
export function recentTabTitles(tabs: readonly Tab[], limit = 5): string[] {
  return tabs
    .slice()
    .reverse()
    .slice(0, limit)
    .map((t) => t.title);
}
