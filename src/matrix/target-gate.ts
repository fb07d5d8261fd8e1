/**
 * Which builds may ship: each target's column judged by the release gate itself (src/gate) on the
 * outcomes its run wrote, against a baseline when one is chosen, else the contract; compat shows
 * this verdict and never restates the gate's rule.
 */
import { compareOutcomes } from "../gate/compare.js";
import { judgeContract } from "../gate/contract-gate.js";
import type { Baseline } from "../gate/gate-inputs.js";
import type { RunOutcomes } from "../gate/outcomes-file.js";
import type { TargetGate } from "./compat-schema.js";

export const AGAINST_CONTRACT = "the contract";

export function gateTarget(outcomes: RunOutcomes | undefined, baseline?: Baseline): TargetGate {
  const against = baseline ? baseline.file : AGAINST_CONTRACT;
  if (outcomes === undefined) return { against, ship: false, reasons: ["the target wrote no outcomes (it did not run): nothing to judge"], blocking: 0, lost: 0, notJudgedHere: 0 };
  const decision = baseline ? compareOutcomes(baseline.outcomes, outcomes) : judgeContract(outcomes);
  return {
    against,
    ship: decision.ship,
    reasons: decision.reasons,
    blocking: decision.rows.filter((r) => r.blocking).length,
    lost: decision.lost,
    notJudgedHere: decision.notJudgedHere.reduce((n, g) => n + g.clauses.length, 0),
  };
}
