/**
 * compat.html: one self-contained page over compat.json, CSS, script and data inlined, and a
 * Content-Security-Policy that forbids every request, so the page cannot reach the network even by
 * mistake and works from file:// and any server.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { CHANGE_KINDS, CHANGE_TEXT, changeTable } from "../change.js";
import type { CompatJson } from "../compat-schema.js";
import { OUTCOMES, OUTCOME_TEXT } from "../../outcomes/statuses.js";
import { matrixVerdict, type MatrixVerdict } from "../verdict.js";
import { PERSONAS } from "../../contract/personas.js";

/**
 * The page's script: compat-page.client.ts and the types it imports, bundled into one IIFE (types
 * erased, nothing imported at run time), once per process.
 */
export function bundleClient(): string {
  const result = buildSync({
    entryPoints: [fileURLToPath(new URL("./compat-page.client.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2022",
    platform: "browser",
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

let client: string | undefined;
const CLIENT = () => (client ??= bundleClient());
const STYLE = readFileSync(new URL("./compat-page.css", import.meta.url), "utf8");

/** No request of any kind: only inline style and script, and data: images (none are used). */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface PageData {
  compat: CompatJson;
  statuses: readonly string[];
  statusText: typeof OUTCOME_TEXT;
  changeKinds: readonly string[];
  changeText: typeof CHANGE_TEXT;
  changeTable: Record<string, string>;
  /** the matrix's verdict (../verdict.ts), the same rule as the exit status */
  verdict: MatrixVerdict;
  /** target keys whose version is the current build standing in for an unnumbered one (`personas` marks them *) */
  standIn: string[];
}

/** Persona targets whose version is a stand-in (fake-bridge/personas versionBasis "current build"). */
function standInTargets(compat: CompatJson): string[] {
  const standIn = new Set(PERSONAS.filter((p) => p.versionBasis !== "named build").map((p) => p.name));
  return compat.targets.filter((t) => t.persona !== null && standIn.has(t.persona)).map((t) => t.key);
}

export function pageData(compat: CompatJson): PageData {
  return { compat, statuses: OUTCOMES, statusText: OUTCOME_TEXT, changeKinds: CHANGE_KINDS, changeText: CHANGE_TEXT, changeTable: changeTable(), verdict: matrixVerdict(compat), standIn: standInTargets(compat) };
}

/** JSON that is safe inside a <script> element: no `</script`, no `<!--`, no line separators. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** A closing tag inside the inlined script or style would end it early; the sources never hold one. */
function inlineSafe(source: string, tag: "script" | "style"): string {
  if (new RegExp(`</${tag}`, "i").test(source)) throw new Error(`the inlined ${tag} contains </${tag}>`);
  return source;
}

/** The tag that says a compat.html is the harness's own (write-outputs.ts replaces only such a page). */
export const COMPAT_PAGE_GENERATOR = '<meta name="generator" content="ego-conformance compat page">';

export function renderCompatPage(compat: CompatJson): string {
  const title = `Ego Lite compatibility: ${compat.targets.length} targets × ${compat.clauses.length} clauses`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${COMPAT_PAGE_GENERATOR}
<meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
${inlineSafe(STYLE, "style")}
</style>
</head>
<body>
<header class="page">
  <h1>Ego Lite compatibility matrix</h1>
  <div class="meta" id="meta"></div>
</header>
<main>
  <section class="warnings" id="warnings" hidden aria-live="polite"></section>
  <h2 style="font-size:15px;margin:0 0 8px">Score per target</h2>
  <section class="verdict" id="verdict" aria-live="polite"></section>
  <section class="ship" id="ship" aria-live="polite" hidden></section>
  <ul class="scoreboard" id="scoreboard" aria-label="Score per target"></ul>
  <div class="interop" id="interop"></div>
  <nav class="views" role="tablist" aria-label="Views">
    <button type="button" role="tab" id="tab-grid" aria-controls="view-grid">Grid</button>
    <button type="button" role="tab" id="tab-diff" aria-controls="view-diff">What changed between X and Y</button>
  </nav>
  <section id="view-grid" role="tabpanel" aria-labelledby="tab-grid">
    <div class="filters" id="filters" role="group" aria-label="Filters">
      <fieldset class="areas" id="area-filter"></fieldset>
      <fieldset id="status-filter"></fieldset>
      <fieldset>
        <legend>Find</legend>
        <input type="search" id="search" placeholder="clause id or title" aria-label="Find clauses by id or title">
        <label><input type="checkbox" id="differ"> only clauses that differ between targets</label>
        <button type="button" id="reset">reset filters</button>
      </fieldset>
    </div>
    <div class="legend" id="legend" aria-label="Legend"></div>
    <p class="count-line" id="shown" aria-live="polite"></p>
    <div class="grid-wrap"><table class="grid" id="grid"></table></div>
  </section>
  <section id="view-diff" role="tabpanel" aria-labelledby="tab-diff" hidden>
    <div class="diff-controls">
      <label for="diff-from">From (X)<select id="diff-from"></select></label>
      <button type="button" id="diff-swap" aria-label="Swap X and Y">⇄</button>
      <label for="diff-to">To (Y)<select id="diff-to"></select></label>
    </div>
    <div id="diff-result" aria-live="polite"></div>
  </section>
  <aside class="details" id="details" hidden aria-live="polite" aria-label="Cell details"></aside>
</main>
<footer>Written by ${escapeHtml(compat.harness.name)} ${escapeHtml(compat.harness.version)}. The same data is in compat.json (format ${escapeHtml(compat.format)}@${compat.formatVersion}); every result, with its probes, is in the Allure report.</footer>
<script type="application/json" id="compat-data">${scriptSafeJson(pageData(compat))}</script>
<script>
${inlineSafe(CLIENT(), "script")}
</script>
</body>
</html>
`;
}
