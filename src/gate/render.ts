/**
 * The gate's answer for people (a verdict line, and for a "no" the table: clause, baseline
 * outcome, current outcome, known-issue link) and for scripts (`--json`).
 */
import type { GateDecision, GateRow } from "./compare.js";
import type { RunOutcomes } from "./outcomes-file.js";
import { BLOCKING, CHANGES, CHANGE_TEXT } from "../outcomes/changes.js";
import { printable } from "../text/printable.js";

function describeRun(o: RunOutcomes): string {
  return `Ego Lite ${o.egoVersion ?? "(version unknown)"} (${o.target ?? "target unknown"}${o.persona ? `, persona ${o.persona}` : ""}), run ${o.runId ?? "?"} at ${o.date}`;
}

function cell(outcome: GateRow["baseline"]): string {
  return outcome ? outcome.status : "—";
}

function link(row: GateRow): string {
  const bugs = [...(row.current?.bugs ?? []), ...(row.baseline?.bugs ?? [])];
  return bugs.length > 0 ? [...new Set(bugs)].join(" ") : "";
}

function table(rows: readonly GateRow[]): string[] {
  const header = ["clause", "change", "baseline", "current", "known issue"];
  const body = rows.map((r) => [r.clause, r.change, cell(r.baseline), cell(r.current), link(r)]);
  // a loop, not Math.max(...): a spread of 400,000 rows overflows the stack
  const widths = header.map((h, i) => body.reduce((w, b) => Math.max(w, b[i]!.length), h.length));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  const out = [line(header), line(widths.map((w) => "-".repeat(w)))];
  for (const [i, b] of body.entries()) {
    out.push(line(b));
    const message = rows[i]!.current?.message;
    if (rows[i]!.blocking && message) out.push(`    ${message.length > 140 ? `${message.slice(0, 139)}…` : message}`);
  }
  return out;
}

export function renderGate(decision: GateDecision, baseline: RunOutcomes, current: RunOutcomes, baselineFile: string): string {
  const lines = [`Baseline: ${describeRun(baseline)}`, `          ${baselineFile}`, `Current:  ${describeRun(current)}`, ""];
  const c = decision.counts;
  const counted = (blocking: boolean) => CHANGES.filter((k) => k !== "unchanged" && BLOCKING.has(k) === blocking && c[k] > 0).map((k) => `${c[k]} ${CHANGE_TEXT[k].title.toLowerCase()}`);
  lines.push(
    `${decision.rows.length} clauses: ${[`${c.unchanged} unchanged`, ...counted(false)].join(", ")}; ${counted(true).join(", ") || "nothing blocking"}; ${decision.ran} ran (minimum ${decision.minClauses})`,
    "",
  );
  const blocking = decision.rows.filter((r) => r.blocking);
  // a loop, not push(...spread): a table of 400,000 lines overflows the stack as arguments
  const section = (title: string, rows: readonly GateRow[]) => {
    lines.push(title);
    for (const l of table(rows)) lines.push(`  ${l}`);
    lines.push("");
  };
  if (blocking.length > 0) section("Blocking:", blocking);
  const notable = decision.rows.filter((r) => !r.blocking && r.change !== "unchanged" && r.change !== "added");
  if (notable.length > 0) section("Also changed (not blocking):", notable);
  if (decision.ship) lines.push("SHIP: no regression, no new failure, no precondition failure, nothing missing or unknown");
  else lines.push(`DO NOT SHIP: ${decision.reasons.join("; ")}`);
  // versions, run ids, clause names and messages come from outcomes files
  return `${lines.map(printable).join("\n")}\n`;
}

export function gateJson(decision: GateDecision, baseline: RunOutcomes, current: RunOutcomes, baselineFile: string) {
  return {
    ship: decision.ship,
    reasons: decision.reasons,
    baseline: { file: baselineFile, egoVersion: baseline.egoVersion, persona: baseline.persona, target: baseline.target, runId: baseline.runId, date: baseline.date },
    current: { egoVersion: current.egoVersion, persona: current.persona, target: current.target, runId: current.runId, date: current.date },
    ran: decision.ran,
    minClauses: decision.minClauses,
    counts: decision.counts,
    rows: decision.rows.filter((r) => r.change !== "unchanged").map((r) => ({
      clause: r.clause,
      change: r.change,
      blocking: r.blocking,
      baseline: r.baseline?.status ?? null,
      current: r.current?.status ?? null,
      bugs: [...new Set([...(r.current?.bugs ?? []), ...(r.baseline?.bugs ?? [])])],
      ...(r.current?.message ? { message: r.current.message } : {}),
    })),
  };
}
