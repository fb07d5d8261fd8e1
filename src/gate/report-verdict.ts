/**
 * The gate's decision as a quality gate result of the Allure report (src/report/allure-report.ts
 * ReportVerdict): the report shows the same verdict `gate` prints, in its Quality Gates tab.
 */
import type { ReportVerdict } from "../report/allure-report.js";
import type { GateDecision } from "./compare.js";

export const RELEASE_GATE_RULE = "releaseGate";

export function reportVerdict(decision: GateDecision): ReportVerdict {
  const against = decision.against === "contract" ? "the contract" : "the baseline";
  const notJudged = decision.notJudgedHere.reduce((n, g) => n + g.clauses.length, 0);
  const message = decision.ship
    ? `SHIP (ego-conformance gate, against ${against})${notJudged > 0 ? `; ${notJudged} clause(s) not judged here` : ""}`
    : `DO NOT SHIP (ego-conformance gate, against ${against}): ${decision.reasons.join("; ")}`;
  return { rule: RELEASE_GATE_RULE, success: decision.ship, message, expected: "ship", actual: decision.ship ? "ship" : "do not ship" };
}
