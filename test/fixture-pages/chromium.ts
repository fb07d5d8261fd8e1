/**
 * Debian's chromium for the tests that need a real page: one browser per test file (launch it in
 * beforeAll, close it in afterAll), headless, `--no-sandbox` only when running as root, and
 * nothing that talks to another host (no component updates, no background networking).
 */
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchChromium(): Promise<Browser> {
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    timeout: 30_000,
    args: [
      ...(root ? ["--no-sandbox"] : []),
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-default-apps",
      "--disable-extensions",
      "--no-first-run",
      "--no-default-browser-check",
    ],
  });
}
