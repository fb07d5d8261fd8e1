/**
 * How the fake's Chromium is started: headless, loopback only, nothing that phones home
 * (../shared/reference/toolchain.md §3), `--no-sandbox` only when running as root (Chromium
 * refuses to start sandboxed as root). `--remote-debugging-port=0` opens the raw DevTools
 * endpoint on 127.0.0.1 (Chromium's default address) that the CDP relay (./cdp-relay.ts) connects
 * to; Chromium writes the port it chose into the profile's DevToolsActivePort file.
 *
 * Nothing leaves loopback: every host name but localhost resolves to nothing, and every request
 * that is not for a loopback address goes to a proxy at 127.0.0.1:9 (the discard port; the
 * connection is refused), so a tab opened on https://example.com shows Chromium's error page
 * instead of reaching the network. Loopback requests bypass the proxy (Chromium's default).
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

/** The fake's Chromium: loopback only, and the raw DevTools endpoint the CDP relay connects to. */
export function chromiumArgs(uid: number | undefined = process.getuid?.()): string[] {
  return [...loopbackBrowserArgs(uid), "--remote-debugging-port=0"];
}
