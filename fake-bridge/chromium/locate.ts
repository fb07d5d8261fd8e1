/**
 * Where the Chromium behind the fake comes from: CHROMIUM_PATH, Debian's headless shell (preferred: far
 * less CPU), Debian's chromium, then a browser Playwright installed; this harness never downloads one.
 * None found: the answer says what to install, and clauses that need pages are not applicable.
 */
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";

export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export const INSTALL_HINT =
  "install Debian's Chromium (as root: apt-get update && apt-get install -y chromium-headless-shell chromium), or set CHROMIUM_PATH to a Chromium or Chrome executable";

export type ChromiumLocation =
  | { found: true; path: string; source: "CHROMIUM_PATH" | "/usr/bin/chromium-headless-shell" | "/usr/bin/chromium" | "playwright" }
  | { found: false; why: string };

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightBrowser(): string | undefined {
  try {
    // loaded only when neither CHROMIUM_PATH nor /usr/bin/chromium answered (playwright-core is heavy to load)
    const { chromium } = createRequire(import.meta.url)("playwright-core") as typeof import("playwright-core");
    const path = chromium.executablePath();
    return path && executable(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function locateChromium(env: NodeJS.ProcessEnv = process.env, probe: { executable(path: string): boolean; playwright(): string | undefined } = { executable, playwright: playwrightBrowser }): ChromiumLocation {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv !== undefined && fromEnv !== "") {
    return probe.executable(fromEnv)
      ? { found: true, path: fromEnv, source: "CHROMIUM_PATH" }
      : { found: false, why: `CHROMIUM_PATH is ${fromEnv}, which is not an executable file: fix it, or unset it and ${INSTALL_HINT}` };
  }
  if (probe.executable(DEBIAN_HEADLESS_SHELL)) return { found: true, path: DEBIAN_HEADLESS_SHELL, source: "/usr/bin/chromium-headless-shell" };
  if (probe.executable(DEBIAN_CHROMIUM)) return { found: true, path: DEBIAN_CHROMIUM, source: "/usr/bin/chromium" };
  const own = probe.playwright();
  if (own !== undefined) return { found: true, path: own, source: "playwright" };
  return { found: false, why: `no Chromium found (CHROMIUM_PATH unset, no ${DEBIAN_HEADLESS_SHELL} or ${DEBIAN_CHROMIUM}, no Playwright browser): ${INSTALL_HINT}` };
}
