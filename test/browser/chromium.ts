/**
 * The browser the Playwright suites drive: Debian's chromium (`apt-get install chromium`), not a
 * Playwright download (`npx playwright install` needs the network and is never run). Launch
 * arguments from ../shared/reference/toolchain.md §3: headless, no sandbox (CI runs as root), and
 * nothing that phones home.
 */
export const CHROMIUM_PATH = process.env.EGO_CONFORMANCE_CHROMIUM ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
  "--metrics-recording-only",
  "--no-default-browser-check",
];
