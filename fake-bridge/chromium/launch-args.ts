/**
 * How the fake's Chromium is started: headless, loopback only (other hosts resolve to nothing,
 * non-loopback requests go to a refusing proxy), nothing that phones home, `--no-sandbox` only as root.
 */
export const LOOPBACK_ARGS = [
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
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
  "--proxy-server=http://127.0.0.1:9",
] as const;

/** Loopback-only flags for any Chromium the project starts (the fake's, and the self-tests' own). */
export function loopbackBrowserArgs(uid: number | undefined = process.getuid?.()): string[] {
  return [...(uid === 0 ? ["--no-sandbox"] : []), ...LOOPBACK_ARGS];
}

/**
 * How the fake's Chromium lays pages out in processes, as Ego Lite's Chromium does where a script
 * can see it, and no more processes than that needs:
 * - `--site-per-process`: every site in a renderer of its own, so a cross-origin iframe is an
 *   out-of-process frame (a target of type "iframe" with a session of its own), as in desktop
 *   Chromium. Debian's headless shell does not isolate sites unless told to
 *   (test/chromium/process-model.test.ts).
 * - `--renderer-process-limit=1`: past the limit Chromium reuses a renderer a new page may share,
 *   and site isolation still decides which may: never one of another browser context (another
 *   task space) or one locked to another site. What it shares is a space's blank default tab's
 *   renderer with the first site opened in that space, and same-site tabs of one space
 *   (what it saves: docs/speed.md).
 */
export const PROCESS_MODEL_ARGS = ["--site-per-process", "--renderer-process-limit=1"] as const;

/**
 * A headless browser that behaves the same whatever the machine and however busy it is
 * (playwright-core's Linux defaults, so pages behave as under Playwright). Background tabs are
 * not throttled (a space's inactive tabs keep their timers), no crash reporter, no field trials,
 * no back-forward cache (a page left is gone, as the tab list shows), popups are not blocked, and
 * the window is 1280x720 with no scrollbars (the viewport Playwright emulated).
 */
export const HEADLESS_ARGS = [
  "--headless",
  "--disable-field-trial-config",
  "--disable-background-timer-throttling",
  "--disable-backgrounding-occluded-windows",
  "--disable-renderer-backgrounding",
  "--disable-back-forward-cache",
  "--disable-breakpad",
  "--disable-component-extensions-with-background-pages",
  "--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,OptimizationHints,NetworkTimeServiceQuerying",
  "--allow-pre-commit-input",
  "--disable-hang-monitor",
  "--disable-ipc-flooding-protection",
  "--disable-popup-blocking",
  "--disable-prompt-on-repost",
  "--force-color-profile=srgb",
  "--password-store=basic",
  "--use-mock-keychain",
  "--no-service-autorun",
  "--disable-search-engine-choice-screen",
  "--disable-infobars",
  "--hide-scrollbars",
  "--mute-audio",
  "--window-size=1280,720",
] as const;

/** The fake's Chromium: headless, loopback only, Ego Lite's process model, and the raw DevTools endpoint the CDP relay connects to. */
export function chromiumArgs(uid: number | undefined = process.getuid?.()): string[] {
  return [...HEADLESS_ARGS, ...loopbackBrowserArgs(uid), ...PROCESS_MODEL_ARGS, "--remote-debugging-port=0"];
}
