/**
 * `--pages chromium|model`: where the fake's pages come from, per run.
 * - `chromium` (the default wherever a browser is found, ./locate.ts): real pages, raw CDP
 *   forwarded to the browser; the target offers the `pages` and `cdp-traffic` capabilities.
 * - `model`: the page model (../app/page-model.ts), invented pages and the two CDP answers of
 *   ../app/cdp.ts; clauses that need pages are not applicable.
 * By default, where none is found, the fake falls back to the model with the install hint as a
 * warning: the clauses that need pages are then not applicable, never failed. Asking for chromium
 * by name where none is found is refused before the run starts (src/run/plan.ts `checkOptions`
 * reads `missing`): exit 2 with the install command.
 */
import type { PagesChoice } from "../../src/contract/pages-choice.js";
import { locateChromium } from "./locate.js";

export interface ResolvedPages {
  pages: PagesChoice;
  /** the browser, when pages are real */
  chromium?: { executablePath: string };
  /** why real pages were asked for but are not there (what to install) */
  warning?: string;
  /** no browser was found: why, and what to install (./locate.ts) */
  missing?: string;
}

export function resolvePages(choice: PagesChoice | undefined, env: NodeJS.ProcessEnv = process.env): ResolvedPages {
  if (choice === "model") return { pages: "model" };
  const found = locateChromium(env);
  if (!found.found) return { pages: "model", warning: `pages come from the page model, and clauses that need pages are not applicable: ${found.why}`, missing: found.why };
  return { pages: "chromium", chromium: { executablePath: found.path } };
}
