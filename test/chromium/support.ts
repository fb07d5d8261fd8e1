/** The real browser for the chromium tests: found as the fake finds it; the tests skip only when none is installed. */
import { afterAll } from "vitest";
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
