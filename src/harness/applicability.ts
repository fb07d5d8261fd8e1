/**
 * Whether a clause applies to a target (build features, capabilities, version range): one that does
 * not is skipped with the reason, never failed. A build whose version cannot be read is judged as
 * the newest documented build, so skipping is only ever for what the judged version lacks.
 */
import type { Clause } from "../contract/clause.js";
import type { TargetInfo } from "../targets/target.js";
import { CURRENT_BUILD_VERSION } from "../contract/build-features.js";
import { parseEgoRange, satisfiesEgoRange, tryParseEgoVersion } from "../version/index.js";

export interface NotApplicable {
  /** a short machine key: `feature:profiles`, `needs:operator`, `version` */
  key: string;
  /** the sentence shown in the report */
  reason: string;
}

export interface ApplicabilityOptions {
  /**
   * Ignore build features and version ranges (capabilities still gate): every clause runs, so a
   * persona's documented differences show up as failures (`run --ungated`, persona self-tests).
   */
  ungated?: boolean;
  /** skip the clauses tagged slow (`run --no-slow`) */
  noSlow?: boolean;
}

export function notApplicable(clause: Clause, target: TargetInfo, options: ApplicabilityOptions = {}): NotApplicable | undefined {
  for (const need of clause.needs) {
    if (!target.capabilities.has(need)) return { key: `needs:${need}`, reason: `needs ${need}: the ${target.kind} target has none` };
  }
  if (options.noSlow && clause.tags.includes("slow")) return { key: "slow", reason: "tagged slow, and this run was started with --no-slow" };
  if (options.ungated) return undefined;
  const judgedAs = target.egoVersion === null ? `the newest documented build, ${CURRENT_BUILD_VERSION} (this build's version is unknown)` : `Ego Lite ${target.egoVersion.text}`;
  for (const feature of clause.features) {
    if (!target.features.has(feature)) {
      return { key: `feature:${feature}`, reason: `needs the '${feature}' feature, which ${target.egoVersion === null ? judgedAs : `Ego Lite ${target.egoVersionText ?? "(version unknown)"}`} does not have` };
    }
  }
  if (clause.versions !== undefined) {
    const version = target.egoVersion ?? tryParseEgoVersion(CURRENT_BUILD_VERSION)!;
    if (!satisfiesEgoRange(version, parseEgoRange(clause.versions))) {
      return { key: "version", reason: `applies to Ego Lite ${clause.versions}, not ${judgedAs}` };
    }
  }
  return undefined;
}
