/**
 * The browser the Playwright suites drive: the one the fake finds (CHROMIUM_PATH, Debian's
 * headless shell or /usr/bin/chromium, Playwright's), never a download (`npx playwright install` needs the network
 * and is never run), with the fake's loopback-only flags (fake-bridge/chromium/launch-args.ts).
 */
import { loopbackBrowserArgs } from "../../fake-bridge/chromium/launch-args.js";
import { locateChromium } from "../../fake-bridge/chromium/locate.js";

const found = locateChromium();
if (!found.found) throw new Error(found.why);

export const CHROMIUM_PATH = found.path;
export const CHROMIUM_ARGS = loopbackBrowserArgs();
