/**
 * Renders a run summary: plain aligned text for humans, and the machine object for `--json`.
 * No dependencies; colour is opt-in (see `colorWanted`) and never changes the layout.
 */
import { UNKNOWN_VERSION } from "../labels/labels.js";
import { CURRENT_BUILD_VERSION } from "../contract/build-features.js";
import { OUTCOME_TEXT, OUTCOMES, type Outcome } from "../outcomes/statuses.js";
import { clauseOutcome } from "../outcomes/precedence.js";
import { notApplicableFix, PAGE_KEYS } from "../outcomes/not-applicable.js";
import { causeSentence, groupByMessage, type CommonCause } from "./common-cause.js";
import { tryParseEgoVersion } from "../version/index.js";
import { printable } from "../text/printable.js";
import { describeProblem, summaryPassed, type ClauseSummary, type Counts, type RunSummary } from "./summary.js";

export interface RenderOptions {
  /** where the HTML report was written; "not generated" when absent */
  reportPath?: string;
  /** ANSI colour on the verdict and the non-zero failure counts (default: off) */
  color?: boolean;
  /** at most this many clauses listed per status (default 50); the rest are counted, not hidden silently */
  maxListed?: number;
}

/** Table columns: every outcome (src/outcomes), in its order; those marked optional only once a clause has them. */
const OPTIONAL_COLUMNS: ReadonlySet<Outcome> = new Set<Outcome>(["precondition-failed", "known", "flaky"]);
/** Outcomes listed clause by clause under the table, with what they mean (src/outcomes OUTCOME_TEXT). */
const LISTED: readonly Outcome[] = ["failed", "precondition-failed", "broken", "known", "flaky", "unknown"];

const MESSAGE_WIDTH = 120;

/** Colour only for a TTY, and never when NO_COLOR is set (https://no-color.org). */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "");
}

export function renderTerminal(summary: RunSummary, options: RenderOptions = {}): string {
  const paint = painter(options.color ?? false);
  // The build's text (its version, its name, its messages, its stderr) is shown escaped
  // (src/text/printable.ts); only the table and the verdict carry the harness's own colour, and
  // their text is the harness's: counts, and area names escaped before they are painted.
  const lines: string[] = [];
  lines.push(...renderHeader(summary), "");
  const causes = summary.problems.flatMap((p) => (p.kind === "common-cause" ? [p.cause] : []));
  for (const cause of causes) lines.push(...renderCause(cause), "");
  const painted = lines.length;
  lines.push(...renderTable(summary, paint), "");
  const tableEnd = lines.length;
  for (const status of LISTED) {
    const clauses = summary.clauses.filter((c) => c.status === status);
    if (clauses.length === 0) continue;
    lines.push(`${OUTCOME_TEXT[status].title}: ${clauses.length}`);
    // identical messages are one line with a count, not one line per clause
    const groups = groupByMessage(clauses);
    const ordered = summary.clauses.flatMap((c) => groups.filter((g) => g.clauses[0] === c));
    const shown = ordered.slice(0, options.maxListed ?? 50);
    const singles = shown.filter((g) => g.clauses.length === 1).map((g) => g.clauses[0]!);
    const width = Math.max(0, ...singles.map((c) => c.id.length));
    for (const group of shown) {
      const c = group.clauses[0]!;
      const bugs = c.status === "known" && c.bugs?.length ? `${c.bugs.join(", ")}: ` : "";
      if (group.clauses.length === 1) lines.push(`  ${c.id.padEnd(width)}  ${bugs}${firstLine(c)}`);
      else lines.push(`  ×${group.clauses.length} ${bugs}${firstLine(c)}  (${preview(group.clauses.map((x) => x.id))})`);
    }
    if (shown.length < ordered.length) lines.push(`  … and ${ordered.length - shown.length} more (the JSON summary lists every clause)`);
    lines.push("");
  }
  lines.push(...renderNotApplicable(summary));
  const others = summary.problems.filter((p) => p.kind !== "common-cause");
  if (others.length > 0) {
    lines.push(`Problems with the results: ${others.length}`);
    for (const p of others) lines.push(`  ${describeProblem(p)}`);
    lines.push("");
  }
  const safe = lines.map((line, i) => (i >= painted && i < tableEnd ? line : printable(line)));
  safe.push(verdict(summary, paint));
  safe.push(printable(`Report: ${options.reportPath ?? "not generated"}`));
  return `${safe.join("\n")}\n`;
}

/** Not-applicable clauses grouped by reason (their `not_applicable` key), each group with its fix (src/outcomes/not-applicable.ts). */
function renderNotApplicable(summary: RunSummary): string[] {
  const clauses = summary.clauses.filter((c) => c.status === "not-applicable");
  if (clauses.length === 0) return [];
  const groups = new Map<string, ClauseSummary[]>();
  for (const c of clauses) groups.set(c.notApplicable ?? "", [...(groups.get(c.notApplicable ?? "") ?? []), c]);
  const lines = [`${OUTCOME_TEXT["not-applicable"].title}: ${clauses.length}`];
  for (const [key, group] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
    const fix = notApplicableFix(key, summary.target);
    const n = group.length;
    if (fix !== undefined) lines.push(`  ${n} ${n === 1 ? "needs" : "need"} ${fix.need} (${key}): ${fix.fix}  (${preview(group.map((c) => c.id))})`);
    else lines.push(`  ${n} ${key === "" ? "without a reason key" : `(${key})`}: ${firstLine(group[0]!)}  (${preview(group.map((c) => c.id))})`);
  }
  lines.push("");
  return lines;
}

/** How many clauses that need real pages did not run (not applicable for a page reason). */
function pageClausesNotRun(summary: RunSummary): number {
  return summary.clauses.filter((c) => c.status === "not-applicable" && c.notApplicable !== undefined && PAGE_KEYS.has(c.notApplicable)).length;
}

/** The one cause most clauses share, said once, at the top: the message and the target's stderr. */
function renderCause(cause: CommonCause): string[] {
  const lines = [`One cause: ${causeSentence(cause, 3 * MESSAGE_WIDTH)}`];
  // a long line keeps its end when the mechanism is there (a launcher path, then the TypeError)
  const clip = (l: string) => (l.length <= MESSAGE_WIDTH ? l : cause.mechanism !== undefined && l.endsWith(cause.mechanism) ? `…${l.slice(-(MESSAGE_WIDTH - 1))}` : `${l.slice(0, MESSAGE_WIDTH - 1)}…`);
  if (cause.stderr?.length) lines.push("The target's stderr begins:", ...cause.stderr.map((l) => `  ${clip(l)}`));
  return lines;
}

function preview(ids: readonly string[], max = 3): string {
  return ids.length > max ? `${ids.slice(0, max).join(", ")} and ${ids.length - max} more` : ids.join(", ");
}

function renderHeader(summary: RunSummary): string[] {
  const target = summary.target ?? disagreeingOr(summary, "target", "not reported by any result");
  const name = summary.targetName !== null ? ` (${summary.targetName})` : "";
  const persona = summary.persona !== null ? `, persona ${summary.persona}` : "";
  let version: string;
  const judged = `judged as the newest documented build, ${CURRENT_BUILD_VERSION}; every clause ran`;
  if (summary.egoVersion === UNKNOWN_VERSION) version = `version unknown — ${judged}`;
  else if (summary.egoVersion !== null && tryParseEgoVersion(summary.egoVersion) === null) version = `version unknown ('${summary.egoVersion}', not a four-part version) — ${judged}`;
  else version = summary.egoVersion ?? disagreeingOr(summary, "ego_version", "not reported by any result");
  return ["Ego Lite conformance", `Target:           ${target}${name}${persona}`, `Ego Lite version: ${version}`];
}

function disagreeingOr(summary: RunSummary, label: string, otherwise: string): string {
  for (const p of summary.problems) {
    if (p.kind === "labels-disagree" && p.label === label) return `DISAGREE — results name ${p.values.join(", ")}`;
    if (p.kind === "missing-label" && p.label === label) return `INCOMPLETE — ${p.results.length} result(s) lack it`;
  }
  return otherwise;
}

function renderTable(summary: RunSummary, paint: Painter): string[] {
  const columns = OUTCOMES.filter((b) => !OPTIONAL_COLUMNS.has(b) || summary.totals[b] > 0);
  const rows: [string, Counts][] = Object.entries(summary.areas).map(([area, counts]) => [printable(area), counts as Counts]);
  rows.push(["total", summary.totals]);
  const first = Math.max("area".length, ...rows.map(([name]) => name.length));
  const widths = columns.map((c) => Math.max(c.length, ...rows.map(([, counts]) => String(counts[c]).length)));
  const row = (name: string, cells: string[], colour: (i: number, text: string) => string = (_, t) => t) =>
    [name.padEnd(first), ...cells.map((cell, i) => colour(i, cell.padStart(widths[i] ?? 0)))].join("  ").trimEnd();
  const out = [row("area", columns.map((c) => c))];
  for (const [name, counts] of rows) {
    if (name === "total") out.push("-".repeat(out[0]?.length ?? 0));
    out.push(row(name, columns.map((c) => String(counts[c])), (i, text) => {
      const column = columns[i];
      return column !== undefined && counts[column] > 0 ? paint(column, text) : text;
    }));
  }
  return out;
}

function verdict(summary: RunSummary, paint: Painter): string {
  if (summaryPassed(summary)) {
    const t = summary.totals;
    return paint("passed", `PASSED: ${t.passed} passed, ${t.unspecified} unspecified (observed), ${t["not-applicable"]} not applicable${t.known > 0 ? `, ${t.known} known failures` : ""}${t.flaky > 0 ? `, ${t.flaky} flaky (passed after a retry)` : ""}${pagesNote(summary)}`);
  }
  if (summary.clauses.length === 0) return paint("failed", "NOT PASSED: no clause was selected, so nothing was verified");
  const t = summary.totals;
  const parts = [`${t.failed} failed`, ...(t["precondition-failed"] > 0 ? [`${t["precondition-failed"]} precondition failed`] : []), `${t.broken} broken`, `${t.unknown} unknown`];
  if (summary.problems.length > 0) parts.push(`${summary.problems.length} problem(s) with the results`);
  return paint("failed", `NOT PASSED: ${parts.join(", ")}${pagesNote(summary)}`);
}

function pagesNote(summary: RunSummary): string {
  const n = pageClausesNotRun(summary);
  return n === 0 ? "" : `; ${n} clause${n === 1 ? "" : "s"} that need real pages did not run (see "Not applicable" above)`;
}

function firstLine(clause: ClauseSummary): string {
  const message = clause.messages?.[0];
  if (message === undefined) return clause.results === 0 ? "no result reported" : "(no message)";
  const line = message.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? "(empty message)";
  return line.length > MESSAGE_WIDTH ? `${line.slice(0, MESSAGE_WIDTH - 1)}…` : line;
}

type Painter = (outcome: Outcome, text: string) => string;
const ANSI: Partial<Record<Outcome, string>> = { passed: "32", failed: "31", "precondition-failed": "31", broken: "33", unknown: "35" };
function painter(color: boolean): Painter {
  return (outcome, text) => {
    const code = ANSI[outcome];
    return color && code !== undefined ? `\u001b[${code}m${text}\u001b[0m` : text;
  };
}

/**
 * The machine-readable summary (`--json`): the run's summary (RunSummary) as JSON, with what a
 * reader should not have to work out (the verdict, an unreadable version) and each clause reduced
 * to the outcome it counts under, so counting clauses by status gives `totals`.
 */
export type SummaryJson = Pick<RunSummary, "target" | "targetName" | "persona" | "versionSource" | "totals"> & {
  /** null when the build's version could not be read (or is not a four-part version): judged as the newest documented build */
  egoVersion: string | null;
  /** true when the version is unknown and the run judged the build as the newest documented one */
  versionUnknown: boolean;
  passed: boolean;
  areas: Record<string, Counts>;
  clauses: (Pick<ClauseSummary, "id" | "area" | "method"> & { status: Outcome })[];
  /** the summary's problems, each as a sentence */
  problems: string[];
};

/** The run's version could not be read (or is not a four-part version): judged as the newest documented build. */
export function versionUnknown(summary: Pick<RunSummary, "egoVersion">): boolean {
  return summary.egoVersion === UNKNOWN_VERSION || (summary.egoVersion !== null && tryParseEgoVersion(summary.egoVersion) === null);
}

export function renderJson(summary: RunSummary): SummaryJson {
  const areas: Record<string, Counts> = {};
  for (const [area, counts] of Object.entries(summary.areas)) areas[area] = orderedCounts(counts as Counts);
  return {
    target: summary.target,
    targetName: summary.targetName,
    persona: summary.persona,
    egoVersion: versionUnknown(summary) ? null : summary.egoVersion,
    versionSource: summary.versionSource,
    versionUnknown: versionUnknown(summary),
    passed: summaryPassed(summary),
    totals: orderedCounts(summary.totals),
    areas,
    clauses: summary.clauses.map((c) => ({ id: c.id, area: c.area, method: c.method, status: clauseOutcome(c.status, c.unspecified) })),
    problems: summary.problems.map(describeProblem),
  };
}

function orderedCounts(counts: Counts): Counts {
  return Object.fromEntries(OUTCOMES.map((o) => [o, counts[o]])) as Counts;
}
