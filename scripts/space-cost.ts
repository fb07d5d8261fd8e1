/**
 * What one task space costs the fake's Chromium, blank and with a fixture page loaded, read from /proc
 * across every process of the browser (Linux only); one space of each kind goes first, unmeasured.
 */
import { existsSync } from "node:fs";
import { holdBrowsers, releaseBrowsers, shutdownBrowsers } from "../fake-bridge/chromium/browser-pool.js";
import { SpacePages, type SpaceContext } from "../fake-bridge/chromium/space-pages.js";
import { startFixtureServer, type FixturePageName } from "../src/fixture-pages/index.js";
import { cpuDelta, treeCpuByKind } from "./process-cpu.js";

export interface PerSpace {
  /** mean wall time of one space, ms */
  ms: number;
  /** mean CPU-seconds of one space, every process of the browser */
  cpuSeconds: number;
  /** the same by process kind: browser, renderer (with the zygote that starts and reaps them), gpu-process, utility (the network service) */
  byKind: Record<string, number>;
}

export interface SpaceCost {
  spaces: number;
  page: FixturePageName;
  blank: PerSpace;
  withPage: PerSpace;
}

/** bound on a fixture page's load */
const LOAD_BOUND_MS = 10_000;

async function loaded(pages: SpacePages, space: SpaceContext, targetId: string): Promise<void> {
  const deadline = Date.now() + LOAD_BOUND_MS;
  const page = await pages.page(space, targetId);
  if (page === undefined) throw new Error(`space-cost: the tab ${targetId} did not come up`);
  for (;;) {
    const answer = (await page.send("Runtime.evaluate", { expression: "location.protocol + document.readyState", returnByValue: true })) as { result?: { value?: unknown } };
    if (answer.result?.value === "http:complete") return;
    if (Date.now() > deadline) throw new Error(`space-cost: the fixture page did not load within ${LOAD_BOUND_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Whether this machine can be measured: Linux's /proc. */
export function canMeasureSpaceCost(): boolean {
  return existsSync("/proc/self/stat");
}

export async function measureSpaceCost(executablePath: string, spaces = 15, pageName: FixturePageName = "form"): Promise<SpaceCost> {
  const server = await startFixtureServer();
  const pages = new SpacePages({ executablePath, onPrompt: () => undefined, onDialogClosed: () => undefined });
  // held like a fake app holds them: a fake app of this process that let go before (the bench's
  // in-process target) left the pool's idle timer running, which would close the browser mid-way
  holdBrowsers();
  let nextId = 1;
  /** opens a space (with a loaded page when `withPage`) and closes it; the browser's data directory names its processes */
  const one = async (withPage: boolean): Promise<string> => {
    const spaceId = nextId++;
    const space = await pages.context(spaceId, "Default", []);
    if (withPage) await loaded(pages, space, (await pages.openTab(space, server.url(pageName))).targetId);
    await pages.closeSpace(spaceId);
    return `--user-data-dir=${space.profile.dataDir}`;
  };
  const measure = async (withPage: boolean): Promise<PerSpace> => {
    const marker = await one(withPage); // the browser's start, and the first of its kind, unmeasured
    const before = treeCpuByKind(marker);
    const t0 = performance.now();
    for (let i = 0; i < spaces; i++) await one(withPage);
    const ms = (performance.now() - t0) / spaces;
    const delta = cpuDelta(before, treeCpuByKind(marker));
    // the zygote starts the renderers and reaps them: their time is its children's
    const byKind: Record<string, number> = {};
    for (const [kind, s] of Object.entries(delta)) {
      const k = kind === "zygote" ? "renderer" : kind;
      byKind[k] = (byKind[k] ?? 0) + s / spaces;
    }
    return { ms, cpuSeconds: Object.values(byKind).reduce((a, b) => a + b, 0), byKind };
  };
  try {
    const blank = await measure(false);
    const withPage = await measure(true);
    return { spaces, page: pageName, blank, withPage };
  } finally {
    await pages.shutdown();
    releaseBrowsers();
    await shutdownBrowsers();
    await server.close();
  }
}
