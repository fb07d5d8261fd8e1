/** The real browser for the chromium tests: found as the fake finds it; the tests skip only when none is installed. */
import { afterAll } from "vitest";
import { createFakeBrowser, type FakeBrowser } from "../../fake-bridge/index.js";
import { shutdownBrowsers } from "../../fake-bridge/chromium/browser-pool.js";
import { locateChromium } from "../../fake-bridge/chromium/locate.js";

export const FOUND = locateChromium();
export const CHROMIUM = FOUND.found ? { executablePath: FOUND.path } : undefined;
export const NO_CHROMIUM = CHROMIUM === undefined;

/** Closes the process's browsers after the file (they would close on their own after the idle delay). */
export function closeBrowsersAfterAll(): void {
  afterAll(async () => {
    await shutdownBrowsers();
  }, 30_000);
}

/** A fake browser on the real Chromium for the length of `use`, shut down after it whatever it did. */
export async function withFakeBrowser<T>(use: (browser: FakeBrowser) => Promise<T>): Promise<T> {
  const browser = createFakeBrowser({ chromium: CHROMIUM! });
  try {
    return await use(browser);
  } finally {
    await browser.shutdown();
  }
}
