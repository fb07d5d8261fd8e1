/**
 * Baselines: a run's outcomes stored per Ego Lite version under fixtures/baselines/, the fake's
 * keyed by persona too, so the fake emulating a version never overwrites the real build's baseline.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathInside } from "../files/inside-folder.js";
import { tryParseEgoVersion } from "../version/index.js";
import type { RunOutcomes } from "./outcomes-file.js";
import { namedError } from "../errors/named-error.js";

export const DEFAULT_BASELINE_DIR = resolve(import.meta.dirname, "../../fixtures/baselines");

export class BaselineKeyError extends namedError("BaselineKeyError", "bad-input") {}

/** `0.5.1.13`, `0.5.1.13-fake` or `0.5.0.19-subtree-flag-off`. */
const PERSONA = /^[a-z][a-z0-9-]*$/;
const KEY = /^(\d+\.\d+\.\d+\.\d+)(?:-([a-z][a-z0-9-]*))?$/;

export function baselineKey(outcomes: Pick<RunOutcomes, "egoVersion" | "persona" | "target">): string {
  if (tryParseEgoVersion(outcomes.egoVersion) === null) {
    throw new BaselineKeyError(`a baseline is stored per Ego Lite version, and this run's version is ${outcomes.egoVersion === null ? "unknown" : `'${outcomes.egoVersion}' (not four-part)`}`);
  }
  // the key names a file: a persona (read from an outcomes file) is a plain name, as the fake's are
  if (outcomes.persona && !PERSONA.test(outcomes.persona)) {
    throw new BaselineKeyError(`a baseline's persona is a plain name (${PERSONA.source}), and this run's is ${JSON.stringify(outcomes.persona)}`);
  }
  if (outcomes.persona) return `${outcomes.egoVersion}-${outcomes.persona}`;
  return outcomes.target === "installed" ? outcomes.egoVersion! : `${outcomes.egoVersion}-${outcomes.target ?? "unknown-target"}`;
}

export function baselinePath(key: string, dir = DEFAULT_BASELINE_DIR): string {
  return pathInside(dir, `${key}.json`, "baseline key");
}

/** A `--baseline` argument: an existing file, a path ending in .json, or a version key. */
export function resolveBaseline(argument: string, dir = DEFAULT_BASELINE_DIR, cwd = process.cwd()): string {
  const asPath = resolve(cwd, argument);
  if (existsSync(asPath) || argument.endsWith(".json")) return asPath;
  if (KEY.test(argument)) return baselinePath(argument, dir);
  throw new BaselineKeyError(`--baseline must be a file or a key like 0.5.1.13 (an installed build), 0.5.1.13-fake or 0.5.0.19-<persona>, not '${argument}'`);
}
