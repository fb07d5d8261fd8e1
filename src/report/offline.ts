/**
 * Keeping generated HTML offline: Allure 3's awesome plugin hard-codes an analytics script, so every
 * page is stripped of scripts loaded from a host and then checked; a report that would call out to
 * the network is an error.
 */

/** Tags whose URL attributes make the browser fetch something when the page loads. */
const FETCHING_TAGS: Record<string, readonly string[]> = {
  script: ["src"],
  link: ["href"],
  img: ["src", "srcset"],
  iframe: ["src"],
  source: ["src", "srcset"],
  video: ["src", "poster"],
  audio: ["src"],
  embed: ["src"],
  object: ["data"],
  base: ["href"],
};

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const ATTRIBUTE = /([^\s"'>\/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const SCRIPT_ELEMENT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
/** fetch("https://…"), import('//…'), and `from "https://…"` in inline module scripts */
const INLINE_REQUEST = /\b(?:fetch|import)\s*\(\s*["'`]((?:https?:)?\/\/[^"'`\s]+)["'`]|\bfrom\s*["'`]((?:https?:)?\/\/[^"'`\s]+)["'`]/gi;
const ANALYTICS = /googletagmanager|google-analytics|\bgtag\s*\(|\bdataLayer\b/i;

/** True when a URL names a host: `scheme://…` (other than file:) or protocol-relative `//…`. */
export function pointsToHost(url: string): boolean {
  const u = decodeEntities(url).replace(/[\u0000-\u0020]/g, "");
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/|^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(u);
  if (m === null) return false;
  if (m[2] !== undefined) return false; // data:, blob:, about:, javascript: (no authority) are local
  return m[1]?.toLowerCase() !== "file:";
}

/** Every URL in `html` that the page would fetch from a host (src/href of loading tags, inline fetch/import). */
export function findExternalRequests(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.matchAll(TAG)) {
    const urlAttributes = FETCHING_TAGS[(tag[1] ?? "").toLowerCase()];
    if (urlAttributes === undefined) continue;
    for (const [name, value] of attributes(tag[2] ?? "")) {
      if (!urlAttributes.includes(name)) continue;
      const urls = name === "srcset" ? value.split(",").map((c) => c.trim().split(/\s+/)[0] ?? "") : [value];
      found.push(...urls.filter(pointsToHost).map((u) => decodeEntities(u).trim()));
    }
  }
  for (const m of html.matchAll(INLINE_REQUEST)) found.push((m[1] ?? m[2]) as string);
  return found;
}

/**
 * Removes every analytics `<script>` (Google Tag Manager, gtag, dataLayer) and every script
 * whose `src` points to a host. Returns the page and how many scripts were removed.
 */
export function stripAnalytics(html: string): { html: string; removed: number } {
  let removed = 0;
  const out = html.replace(SCRIPT_ELEMENT, (element, attrs: string, body: string) => {
    const src = attributes(attrs).find(([name]) => name === "src")?.[1];
    if ((src !== undefined && pointsToHost(src)) || ANALYTICS.test(body) || (src !== undefined && ANALYTICS.test(src))) {
      removed += 1;
      return "";
    }
    return element;
  });
  return { html: out, removed };
}

function attributes(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const m of text.matchAll(ATTRIBUTE)) {
    out.push([(m[1] ?? "").toLowerCase(), m[2] ?? m[3] ?? m[4] ?? ""]);
  }
  return out;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => codePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);?/g, (_, dec: string) => codePoint(parseInt(dec, 10)))
    .replace(/&colon;/gi, ":")
    .replace(/&sol;/gi, "/")
    .replace(/&amp;/gi, "&");
}

function codePoint(n: number): string {
  return Number.isInteger(n) && n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "\ufffd";
}
