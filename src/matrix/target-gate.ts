/**
 * Which builds may ship: each target's column judged by the release gate itself (src/gate) on the
 * outcomes its run wrote, against a baseline when one is chosen, else the contract; compat shows
 * this verdict and never restates the gate's rule.
 */
import { compareOutcomes } from "../gate/compare.js";
import { judgeContract } from "../gate/contract-gate.js";
import type { RunOutcomes } from "../gate/outcomes-file.js";
import type { TargetGate } from "./compat-schema.js";

/** A baseline every column is gated against, and how compat names it. */
export interface MatrixBaseline {
  outcomes: RunOutcomes;
  /** its file, as the gate was given it */
  file: string;
}

export const AGAINST_CONTRACT = "the contract";

export function gateTarget(outcomes: RunOutcomes | undefined, baseline?: MatrixBaseline): TargetGate {
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
