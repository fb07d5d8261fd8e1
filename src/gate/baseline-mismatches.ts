/**
 * What makes a baseline a doubtful yardstick for a run: another target kind (a fake's baseline
 * for an installed build) or another Ego Lite version. The gate still decides; `gate` and compat
 * say so.
 */
import type { RunOutcomes } from "./outcomes-file.js";

export function baselineMismatches(baseline: RunOutcomes, current: RunOutcomes): string[] {
  const warnings: string[] = [];
  if (baseline.target !== current.target) warnings.push(`the baseline is of target kind ${baseline.target ?? "unknown"}, this run of ${current.target ?? "unknown"}`);
  if (baseline.egoVersion !== current.egoVersion) warnings.push(`the baseline is of Ego Lite ${baseline.egoVersion ?? "unknown"}, this run of ${current.egoVersion ?? "unknown"}`);
  return warnings;
}
