/** The table of differences `verify-fake` and `diff` print: clause, call, what each side did. */
import type { Json } from "../contract/arguments.js";
import type { Difference } from "./compare.js";
import { printable } from "../text/printable.js";

const CELL = 60;

function cell(value: Json): string {
  // a recorded value is the build's text: shown escaped (src/text/printable.ts)
  const text = printable(typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)));
  return text.length > CELL ? `${text.slice(0, CELL - 3)}...` : text;
}

function where(d: Difference): string {
  return [d.call ?? "", d.kind === "field" || d.kind === "text" || d.kind === "concurrent-id" ? d.path : d.kind].filter(Boolean).join(" ");
}

/** `heads`: the two sides' column titles ("build", "fake"). */
export function renderDifferences(differences: readonly Difference[], heads: [string, string]): string {
  const rows = differences.map((d) => [d.judged ? "*" : " ", printable(d.test && d.test !== d.clause ? `${d.clause} [${d.test.replace(/^[^:]*: /, "").slice(0, 30)}]` : d.clause), printable(where(d)), cell(d.a), cell(d.b)]);
  const head = [" ", "clause", "call", heads[0], heads[1]];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

/** Judged rows first (the defects), then what is only listed; each group in the comparison's order. */
export function shownDifferences(differences: readonly Difference[], judgedOnly: boolean): Difference[] {
  const judged = differences.filter((d) => d.judged);
  return judgedOnly ? judged : [...judged, ...differences.filter((d) => !d.judged)];
}
