/**
 * URLs for tabs that need only a URL, not a page with content: offline `data:` URLs. A clause runs
 * against someone's browser, so a tab it opens must not reach a host that is not ours (the
 * self-test test/safety/loopback-only.test.ts reads every URL the suites write). Pages with
 * content come from the fixture server on loopback (src/fixture-pages).
 *
 * The label is lower-case letters, digits and hyphens, so the URL is the same text however a
 * browser serialises it (no character it would percent-encode), and Chromium reports it as given.
 */
const LABEL = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function offlineUrl(label: string): string {
  if (!LABEL.test(label)) throw new Error(`offlineUrl: '${label}' is not lower-case letters, digits and single hyphens`);
  return `data:text/html,${offlinePageText(label)}`;
}

/** The text the page at offlineUrl(label) shows: its whole body (a snapshot of the tab shows it). */
export function offlinePageText(label: string): string {
  return `ego-conformance-${label}`;
}
