/**
 * The rules typed run options must keep, in one place: the run library checks them before a run
 * starts (./plan.ts), and `ego-conformance run` checks them right after mapping its flags, naming
 * the flags instead of the options (src/cli/run.ts). A broken rule is a RunInputError (exit 2).
 */
import { AREAS } from "../contract/index.js";
import { tryParseEgoVersion } from "../version/index.js";
import { PERSONA_NAMES } from "../contract/personas.js";
import { missingBrowser } from "../targets/fake/fake-target.js";
import { RunInputError } from "./errors.js";
import type { RunOptions } from "./options.js";

/** How a message names each option: the library's names, or the command line's flags. */
export interface OptionNames {
  target: string;
  areas: string;
  persona: string;
  personaFile: string;
  egoVersion: string;
  pages: string;
  installed: string;
}

export const OPTION_NAMES: OptionNames = { target: "target", areas: "areas", persona: "persona", personaFile: "personaFile", egoVersion: "egoVersion", pages: "pages", installed: "installed" };

export function checkOptions(options: RunOptions, names: OptionNames = OPTION_NAMES, env: NodeJS.ProcessEnv = process.env): void {
  const n = names;
  if (options.target !== "fake" && options.target !== "installed") throw new RunInputError(`${n.target} must be fake or installed, not '${String(options.target)}'`);
  for (const area of options.areas) if (!(area in AREAS)) throw new RunInputError(`unknown area '${area}' (areas: ${Object.keys(AREAS).join(", ")})`);
  if (options.personaFile !== undefined && (options.persona !== undefined || options.egoVersion !== undefined)) throw new RunInputError(`${n.personaFile} has its own version and features: it excludes ${n.persona} and ${n.egoVersion}`);
  if (options.personaFile !== undefined && options.target !== "fake") throw new RunInputError(`${n.personaFile} chooses what the fake plays: it needs ${n.target} fake`);
  if (options.persona !== undefined && options.egoVersion !== undefined) throw new RunInputError(`${n.persona} and ${n.egoVersion} exclude each other: a persona has its own version (see ego-conformance personas)`);
  if (options.pages !== undefined && options.target !== "fake") throw new RunInputError(`${n.pages} chooses the fake's pages: it needs ${n.target} fake (an installed fake app takes it at 'fake start')`);
  if (options.persona !== undefined && options.target !== "fake") throw new RunInputError(`${n.persona} chooses what the fake emulates: it needs ${n.target} fake`);
  if (options.installed !== undefined && options.target !== "installed") throw new RunInputError(`${n.installed} needs ${n.target} installed`);
  if (options.egoVersion !== undefined && tryParseEgoVersion(options.egoVersion) === null) throw new RunInputError(`${n.egoVersion} must be a four-part Ego Lite version like 0.5.0.19, not '${options.egoVersion}'`);
  if (options.persona !== undefined && !PERSONA_NAMES.includes(options.persona)) throw new RunInputError(`unknown persona '${options.persona}' (personas: ${PERSONA_NAMES.join(", ")})`);
  if (options.target === "fake") checkPagesFound(options.pages, env);
}

/**
 * Real pages asked for by name need a browser: never a silent fall back to the page model. By
 * name is `--pages chromium`, or a CHROMIUM_PATH with the default pages (the user named the browser).
 */
export function checkPagesFound(pages: RunOptions["pages"], env: NodeJS.ProcessEnv = process.env): void {
  if (pages === "model") return;
  const named = env.CHROMIUM_PATH !== undefined && env.CHROMIUM_PATH !== "";
  if (pages !== "chromium" && !named) return;
  const missing = missingBrowser(env);
  if (missing === undefined) return;
  throw new RunInputError(pages === "chromium" ? `--pages chromium asks for real pages, and ${missing}` : `${missing} (--pages model runs without real pages)`);
}
