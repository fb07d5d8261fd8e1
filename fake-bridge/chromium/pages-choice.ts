/**
 * `--pages chromium|model`: where the fake's pages come from, per run. By default real pages wherever a
 * browser is found, else the page model with a warning; asking for chromium where none is found is
 * refused before the run (exit 2 with the install command).
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
