/**
 * Offline `data:` URLs for tabs that need only a URL: a clause runs in someone's browser, so a tab
 * must not reach a host that is not ours. Labels avoid every character a browser would
 * percent-encode, so the URL reads back exactly as given.
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
