/**
 * The Chromium processes behind the fake, shared by every fake app of this process (a vitest
 * worker runs one fake app per suite file; the fake app server runs one): one browser per
 * profile, started lazily on the first space of that profile that needs a page, as a Playwright
 * persistent context over its own data directory (each profile keeps its own storage, as
 * Chromium profiles do). Task spaces are separate browser contexts inside it (./space-pages.ts).
 *
 * Chromium's start is paid once per process and profile, not per test: when the last fake app
 * lets go, the browsers stay up for IDLE_MS (unref'd, so they never hold the process open) in
 * case another app of this process wants them, then close and their data directories are
 * removed. `shutdownBrowsers()` closes them at once (the fake app server's shutdown).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, CDPSession } from "playwright-core";
import { chromiumArgs } from "./launch-args.js";

export const IDLE_MS = 3_000;
/** bound on a browser start (Chromium plus Playwright's handshake) */
export const LAUNCH_TIMEOUT_MS = 30_000;

export interface ProfileBrowser {
  readonly profileId: string;
  readonly browser: Browser;
  /** the persistent context: the profile's default browser context (the user's own Spaces live there) */
  readonly persistent: BrowserContext;
  /** a browser-level CDP session on Playwright's pipe, for the fake's own target bookkeeping */
  readonly admin: CDPSession;
  /** ws://127.0.0.1:<port>/devtools/browser/<id>: where the raw CDP relay connects */
  readonly endpoint: string;
  readonly dataDir: string;
}

interface Entry {
  ready: Promise<ProfileBrowser>;
}

const browsers = new Map<string, Entry>();
let users = 0;
let idleTimer: NodeJS.Timeout | undefined;

async function readEndpoint(dataDir: string): Promise<string> {
  // written by Chromium before Playwright's launch resolves
  const [port, path] = (await readFile(join(dataDir, "DevToolsActivePort"), "utf8")).trim().split("\n");
  if (!port || !path) throw new Error(`fake bridge: no DevTools endpoint in ${dataDir}/DevToolsActivePort`);
  return `ws://127.0.0.1:${port}${path}`;
}

async function launch(executablePath: string, profileId: string): Promise<ProfileBrowser> {
  const dataDir = await mkdtemp(join(tmpdir(), "ego-fake-profile-"));
  try {
    // loaded on the first launch only: processes that never start a browser never load playwright-core
    const { chromium } = await import("playwright-core");
    const persistent = await chromium.launchPersistentContext(dataDir, {
      executablePath,
      headless: true,
      args: chromiumArgs(),
      timeout: LAUNCH_TIMEOUT_MS,
      // nothing leaves loopback: no proxy autodetection, no downloads accepted by default
      acceptDownloads: false,
    });
    const browser = persistent.browser();
    if (browser === null) throw new Error("fake bridge: Playwright gave a persistent context without a browser");
    const admin = await browser.newBrowserCDPSession();
    return { profileId, browser, persistent, admin, endpoint: await readEndpoint(dataDir), dataDir };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The profile's browser, started on first use. */
export function profileBrowser(executablePath: string, profileId: string): Promise<ProfileBrowser> {
  const key = `${executablePath}\u0000${profileId}`;
  let entry = browsers.get(key);
  if (entry === undefined) {
    entry = { ready: launch(executablePath, profileId) };
    browsers.set(key, entry);
    // a failed start is not cached: the next caller tries again
    entry.ready.catch(() => browsers.delete(key));
  }
  return entry.ready;
}

/** A fake app starts using the pool. */
export function holdBrowsers(): void {
  users += 1;
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
}

/** A fake app is done; the browsers close after IDLE_MS when nobody took them again. */
export function releaseBrowsers(): void {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void shutdownBrowsers(), IDLE_MS);
  idleTimer.unref();
}

/** Closes every browser of this process and removes their data directories. */
export async function shutdownBrowsers(): Promise<void> {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  const entries = [...browsers.values()];
  browsers.clear();
  await Promise.all(
    entries.map(async (entry) => {
      const running = await entry.ready.catch(() => undefined);
      if (running === undefined) return;
      await running.persistent.close().catch(() => {});
      await rm(running.dataDir, { recursive: true, force: true });
    }),
  );
}

/** How many browsers this process runs (for tests and the bench). */
export function runningBrowsers(): number {
  return browsers.size;
}
