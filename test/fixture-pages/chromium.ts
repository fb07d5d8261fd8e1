/**
 * A real Chromium for the tests that need a real page: one browser per test file (launch it in
 * beforeAll, close it in afterAll), headless, found and flagged as the fake's own is
 * (fake-bridge/chromium: loopback only, `--no-sandbox` only as root).
 */
import { chromium, type Browser } from "playwright-core";
import { loopbackBrowserArgs } from "../../fake-bridge/chromium/launch-args.js";
import { locateChromium } from "../../fake-bridge/chromium/locate.js";

export function chromiumPath(): string {
  const found = locateChromium();
  if (!found.found) throw new Error(found.why);
  return found.path;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, timeout: 30_000, args: loopbackBrowserArgs() });
}
