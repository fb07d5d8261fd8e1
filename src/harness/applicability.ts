/**
 * Whether a clause applies to a target: its build features, its capabilities and its version
 * range. A clause that does not apply is skipped with the reason, never failed.
 */
import type { Clause } from "../contract/clause.js";
import type { TargetInfo } from "../target/target.js";
import { parseEgoRange, satisfiesEgoRange } from "../version/index.js";

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
}

export function notApplicable(clause: Clause, target: TargetInfo, options: ApplicabilityOptions = {}): NotApplicable | undefined {
  for (const need of clause.needs) {
    if (!target.capabilities.has(need)) return { key: `needs:${need}`, reason: `needs ${need}: the ${target.kind} target has none` };
  }
  if (options.ungated) return undefined;
  if (target.egoVersion === null && clause.features.length > 0) {
    // An unknown or non-numeric version runs only the version-independent clauses (issue 3).
    const version = target.egoVersionText === null ? "unknown" : `'${target.egoVersionText}', not a four-part version`;
    return { key: "version", reason: `needs the '${clause.features.join("', '")}' feature; this build's version is ${version}, so only version-independent clauses run` };
  }
  for (const feature of clause.features) {
    if (!target.features.has(feature)) {
      return { key: `feature:${feature}`, reason: `needs the '${feature}' feature, which Ego Lite ${target.egoVersionText ?? "(version unknown)"} does not have` };
    }
  }
  if (clause.versions !== undefined) {
    if (target.egoVersion === null) return { key: "version", reason: `applies to Ego Lite ${clause.versions}; this build's version is unknown` };
    if (!satisfiesEgoRange(target.egoVersion, parseEgoRange(clause.versions))) {
      return { key: "version", reason: `applies to Ego Lite ${clause.versions}, not ${target.egoVersion.text}` };
    }
  }
  return undefined;
}
