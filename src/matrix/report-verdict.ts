/**
 * The matrix's release gate as a quality gate result of its one Allure report, as a single run's
 * report carries `gate`'s verdict: it ships only when every target may ship, and otherwise names
 * each target that may not, with the gate's reasons.
 */
import { RELEASE_GATE_RULE } from "../gate/report-verdict.js";
import type { ReportVerdict } from "../report/allure-report.js";
import type { CompatJson } from "./compat-schema.js";
import { AGAINST_CONTRACT } from "./target-gate.js";

/** Why a target without a verdict does not ship: one that was never gated is not green. */
const NOT_GATED = "not gated: compat holds no release-gate verdict for it";

export function matrixReportVerdict(compat: CompatJson): ReportVerdict {
  const against = compat.gate?.against ?? AGAINST_CONTRACT;
  const held = compat.targets.filter((t) => t.gate?.ship !== true);
  const total = compat.targets.length;
  const ship = held.length === 0 && total > 0;
  const message = total === 0
    ? `DO NOT SHIP (ego-conformance gate): the matrix has no target to judge`
    : ship
    ? `SHIP (ego-conformance gate, each target against ${against}): ${total} of ${total} target(s) may ship`
    : `DO NOT SHIP (ego-conformance gate, each target against ${against}): ${held.length} of ${total} target(s) may not ship: ${held.map((t) => `${t.key} (${t.label}): ${t.gate ? t.gate.reasons.join("; ") : NOT_GATED}`).join(" | ")}`;
  return { rule: RELEASE_GATE_RULE, success: ship, message, expected: "ship", actual: ship ? "ship" : "do not ship" };
}
