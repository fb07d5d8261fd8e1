/**
 * When an expectation holds: every condition of its `when` must hold for the run (an entry
 * without `when` holds for every run). A version condition never holds for a run whose Ego Lite
 * version is unknown or not four-part: nothing says the build is in the range.
 */
import { parseEgoRange, satisfiesEgoRange, tryParseEgoVersion } from "../version/index.js";
import type { Conditions } from "./schema.js";

/** What a run is, for matching conditions. */
export interface RunFacts {
  target: string | null;
  egoVersion: string | null;
  persona: string | null;
  platform: NodeJS.Platform;
}

export function conditionsHold(when: Conditions | undefined, run: RunFacts): boolean {
  if (when === undefined) return true;
  if (when.target !== undefined && when.target !== run.target) return false;
  if (when.platform !== undefined && when.platform !== run.platform) return false;
  if (when.persona !== undefined && when.persona !== run.persona) return false;
  if (when.egoVersion !== undefined) {
    const version = tryParseEgoVersion(run.egoVersion);
    if (version === null || !satisfiesEgoRange(version, parseEgoRange(when.egoVersion))) return false;
  }
  return true;
}
