/**
 * The gate's answer for people (a verdict line, and for a "no" the table: clause, baseline
 * outcome, current outcome, known-issue link; the clauses not judged here, with the command that
 * judges them) and for scripts (`--json`).
 */
import type { GateDecision, GateRow } from "./compare.js";
import type { Baseline } from "./gate-inputs.js";
import type { NotJudgedGroup } from "./not-judged.js";
import type { RunOutcomes } from "./outcomes-file.js";
import { BLOCKING, CHANGES, CHANGE_TEXT } from "../outcomes/changes.js";
import { OUTCOMES } from "../outcomes/statuses.js";
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

function table(rows: readonly GateRow[], against: GateDecision["against"]): string[] {
  const header = against === "baseline" ? ["clause", "change", "baseline", "current", "known issue"] : ["clause", "current", "known issue"];
  const body = rows.map((r) => (against === "baseline" ? [r.clause, r.change ?? "", cell(r.baseline), cell(r.current), link(r)] : [r.clause, r.current ? r.current.status : "not in this run", link(r)]));
  // a loop, not Math.max(...): a spread of 400,000 rows overflows the stack
  const widths = header.map((h, i) => body.reduce((w, b) => Math.max(w, b[i]!.length), h.length));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  const out = [line(header), line(widths.map((w) => "-".repeat(w)))];
  for (const [i, b] of body.entries()) {
    out.push(line(b));
    const row = rows[i]!;
    const message = row.why ?? row.current?.message;
    if (row.blocking && message) out.push(`    ${message.length > 140 ? `${message.slice(0, 139)}…` : message}`);
  }
  return out;
}

function notJudgedLines(groups: readonly NotJudgedGroup[]): string[] {
  return groups.map((g) => `  ${g.clauses.length} need ${g.need} (${g.key}): ${g.command}`);
}

/** One line of the current run's clauses per outcome, in the outcome model's order. */
function outcomeLine(decision: GateDecision): string {
  const total = Object.values(decision.outcomes).reduce((a, b) => a + b, 0);
  return `${total} clauses: ${OUTCOMES.filter((o) => decision.outcomes[o] > 0).map((o) => `${decision.outcomes[o]} ${o}`).join(", ")}; ${decision.ran} ran (minimum ${decision.minClauses})`;
}

export function renderGate(decision: GateDecision, current: RunOutcomes, against?: Baseline): string {
  const lines = against
    ? [`Baseline: ${describeRun(against.outcomes)}`, `          ${against.file}`, `Current:  ${describeRun(current)}`, ""]
    : ["Baseline: none: the contract itself (every catalogue clause; a first release is gated so)", `Current:  ${describeRun(current)}`, ""];
  if (decision.against === "baseline") {
    const c = decision.counts;
    const counted = (blocking: boolean) => CHANGES.filter((k) => k !== "unchanged" && BLOCKING.has(k) === blocking && c[k] > 0).map((k) => `${c[k]} ${CHANGE_TEXT[k].title.toLowerCase()}`);
    lines.push(`${decision.rows.length} clauses: ${[`${c.unchanged} unchanged`, ...counted(false)].join(", ")}; ${counted(true).join(", ") || "nothing blocking"}; ${decision.ran} ran (minimum ${decision.minClauses})`, "");
  } else {
    lines.push(outcomeLine(decision), "");
  }
  const blocking = decision.rows.filter((r) => r.blocking);
  // a loop, not push(...spread): a table of 400,000 lines overflows the stack as arguments
  const section = (title: string, rows: readonly GateRow[]) => {
    lines.push(title);
    for (const l of table(rows, decision.against)) lines.push(`  ${l}`);
    lines.push("");
  };
  if (blocking.length > 0) section("Blocking:", blocking);
  const notable = decision.rows.filter((r) => !r.blocking && !r.notJudgedHere && r.change !== null && r.change !== "unchanged" && r.change !== "added");
  if (notable.length > 0) section("Also changed (not blocking):", notable);
  const notJudged = decision.notJudgedHere.reduce((n, g) => n + g.clauses.length, 0);
  if (notJudged > 0) {
    lines.push(`${notJudged} clause(s) not judged here (this harness's environment lacks what they need; they do not block; the command judges them):`);
    for (const l of notJudgedLines(decision.notJudgedHere)) lines.push(l);
    lines.push("");
  }
  const judged = decision.against === "baseline" ? "no regression, no new failure, no precondition failure, nothing missing or unknown" : "every contract clause ran; none failed, broke, failed a precondition or went without a result";
  if (decision.ship) lines.push(`SHIP: ${judged}${notJudged > 0 ? ` (${notJudged} clause(s) not judged here)` : ""}`);
  else lines.push(`DO NOT SHIP: ${decision.reasons.join("; ")}`);
  // versions, run ids, clause names and messages come from outcomes files
  return `${lines.map(printable).join("\n")}\n`;
}

export function gateJson(decision: GateDecision, current: RunOutcomes, against?: Baseline) {
  return {
    ship: decision.ship,
    against: decision.against,
    reasons: decision.reasons,
    baseline: against ? { file: against.file, egoVersion: against.outcomes.egoVersion, persona: against.outcomes.persona, target: against.outcomes.target, runId: against.outcomes.runId, date: against.outcomes.date } : null,
    current: { egoVersion: current.egoVersion, persona: current.persona, target: current.target, runId: current.runId, date: current.date },
    ran: decision.ran,
    minClauses: decision.minClauses,
    outcomes: decision.outcomes,
    lost: decision.lost,
    counts: decision.counts,
    notJudgedHere: decision.notJudgedHere,
    rows: decision.rows.filter((r) => r.blocking || (r.change !== null && r.change !== "unchanged")).map((r) => ({
      clause: r.clause,
      change: r.change,
      blocking: r.blocking,
      baseline: r.baseline?.status ?? null,
      current: r.current?.status ?? null,
      bugs: [...new Set([...(r.current?.bugs ?? []), ...(r.baseline?.bugs ?? [])])],
      ...(r.notJudgedHere ? { notJudgedHere: true } : {}),
      ...(r.why ? { why: r.why } : {}),
      ...(r.current?.message ? { message: r.current.message } : {}),
    })),
  };
}
