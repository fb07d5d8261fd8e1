/**
 * Baselines: a run's outcomes stored per Ego Lite version (and persona) under fixtures/baselines/,
 * as `<version>.json` or `<version>-<persona>.json`. `--baseline` takes a file path or that key.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { tryParseEgoVersion } from "../version/index.js";
import type { RunOutcomes } from "./outcomes.js";

export const DEFAULT_BASELINE_DIR = resolve(import.meta.dirname, "../../fixtures/baselines");

export class BaselineKeyError extends Error {
  override name = "BaselineKeyError";
}

/** `0.5.1.13` or `0.5.0.19-subtree-flag-off`. */
const KEY = /^(\d+\.\d+\.\d+\.\d+)(?:-([a-z][a-z0-9-]*))?$/;

export function baselineKey(outcomes: Pick<RunOutcomes, "egoVersion" | "persona">): string {
  if (tryParseEgoVersion(outcomes.egoVersion) === null) {
    throw new BaselineKeyError(`a baseline is stored per Ego Lite version, and this run's version is ${outcomes.egoVersion === null ? "unknown" : `'${outcomes.egoVersion}' (not four-part)`}`);
  }
  return outcomes.persona ? `${outcomes.egoVersion}-${outcomes.persona}` : outcomes.egoVersion!;
}

export function baselinePath(key: string, dir = DEFAULT_BASELINE_DIR): string {
  return join(dir, `${key}.json`);
}

/** A `--baseline` argument: an existing file, a path ending in .json, or a version key. */
export function resolveBaseline(argument: string, dir = DEFAULT_BASELINE_DIR, cwd = process.cwd()): string {
  const asPath = resolve(cwd, argument);
  if (existsSync(asPath) || argument.endsWith(".json")) return asPath;
  if (KEY.test(argument)) return baselinePath(argument, dir);
  throw new BaselineKeyError(`--baseline must be a file or a version like 0.5.1.13 (or 0.5.0.19-<persona>), not '${argument}'`);
}
