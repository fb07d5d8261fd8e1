/**
 * What a tab shows for a url: the url as Chromium would report it and a title derived from it.
 * No network: the fake has no real pages, so the title is a pure function of the url.
 */
export const BLANK_URL = "about:blank";
export const BLANK_TITLE = "New Tab";

/** The url as a browser reports it after navigation (WHATWG serialisation), or the text as given. */
export function normalizeUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * "New Tab" for about:blank; host plus path for http(s) ("example.com", "example.com/cart");
 * the url itself for anything else. Deterministic, never empty.
 */
export function titleForUrl(url: string): string {
  if (url === BLANK_URL || url === "") return BLANK_TITLE;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") {
      return parsed.pathname === "/" ? parsed.host : `${parsed.host}${parsed.pathname}`;
    }
  } catch {
    // not a url: fall through
  }
  return url;
}

/** Resolve a link target against the page url; a page without a base keeps the path as is. */
export function resolveHref(path: string, base: string): string {
  try {
    return new URL(path, base).href;
  } catch {
    return path;
  }
}
