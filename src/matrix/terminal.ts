/**
 * The matrix in the terminal: one line per target (score and counts), the warnings, where the
 * files are; and the machine object for `--json`.
 */
import { dirname } from "node:path";
import type { CompatJson } from "./compat-schema.js";
import type { MatrixOutputs } from "./write-outputs.js";
import { printable } from "../text/printable.js";

const HEADERS = ["target", "column", "score", "passed", "failed", "precond", "broken", "known", "flaky", "unknown", "n/a", "observed", "differs"] as const;

export function percent(value: number | null): string {
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

export function renderMatrixTerminal(outputs: MatrixOutputs, clean: boolean): string {
  const { compat } = outputs;
  const rows: string[][] = compat.targets.map((t) => {
    const s = t.score;
    const column = t.availability === "ran" ? t.label : `${t.label} [${t.availability}]`;
    return [t.key, column, percent(s.value), `${s.passed}/${s.applicable}`, String(s.failed), String(s.preconditionFailed), String(s.broken), String(s.known), String(s.flaky), String(s.unknown), String(s.notApplicable), String(s.unspecified.observed), String(s.unspecified.differs)];
  });
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  const lines = [
    `Ego Lite compatibility matrix: ${compat.targets.length} targets × ${compat.clauses.length} clauses (plan ${compat.plan.id}${compat.plan.shards > 1 ? `, ${compat.sources.length} of ${compat.plan.shards} shards` : ""})`,
    "",
    line(HEADERS),
    ...rows.map(line),
    "",
    `Interop: ${percent(compat.interop.value)} (${compat.interop.holdEverywhere} of ${compat.interop.applicable} required clauses hold on every target where they apply)`,
    `Score: ${compat.scoreDefinition}`,
  ];
  if (compat.warnings.length > 0) {
    lines.push("", `Warnings: ${compat.warnings.length}`);
    for (const w of compat.warnings) lines.push(`  ${w}`);
  }
  lines.push(
    "",
    clean ? "Matrix: every target ran; no clause failed, broke, failed a precondition or went without a result." : "Matrix: NOT CLEAN: a target did not run, or a clause failed, broke, failed a precondition or went without a result (see above and compat.html).",
    `compat.json:  ${outputs.compatJson}`,
    `compat.html:  ${outputs.compatHtml}`,
    `Allure:       ${outputs.allureReport ?? "not generated"}`,
    `Outcomes:     ${Object.keys(outputs.outcomes).length > 0 ? `${Object.keys(outputs.outcomes).length} in ${dirname(Object.values(outputs.outcomes)[0]!)} (for gate --outcomes)` : "none"}`,
  );
  // labels, reasons and warnings carry a build's or a bundle's text
  return `${lines.map(printable).join("\n")}\n`;
}

export function renderMatrixJson(outputs: MatrixOutputs, clean: boolean): Record<string, unknown> {
  const { compat } = outputs;
  return {
    clean,
    plan: compat.plan,
    interop: compat.interop,
    warnings: compat.warnings,
    targets: compat.targets.map((t) => ({
      key: t.key,
      label: t.label,
      kind: t.kind,
      persona: t.persona,
      egoVersion: t.egoVersion,
      availability: t.availability,
      ...(t.reason !== undefined ? { reason: t.reason } : {}),
      score: t.score,
    })),
    compatJson: outputs.compatJson,
    compatHtml: outputs.compatHtml,
    allureReport: outputs.allureReport ?? null,
    outcomes: outputs.outcomes,
  };
}
