/**
 * `ego-conformance diff RECORDING_A RECORDING_B`: what changed between two builds, call by call
 * (src/recording/compare.ts), the unspecified details included, which a pass/fail matrix cannot show.
 */
import { resolve } from "node:path";
import { compareTranscripts } from "../recording/compare.js";
import { renderDifferences, shownDifferences } from "../recording/render.js";
import { readTranscript, type Transcript } from "../recording/transcript.js";
import { parseFlags } from "./parse-flags.js";
import { DIFF_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { printable } from "../text/printable.js";

function label(t: Transcript): string {
  return printable(t.target.persona ?? (t.target.mutants.length ? `fake with ${t.target.mutants.join(",")}` : `${t.target.kind ?? "?"} ${t.target.egoVersion ?? "?"}`));
}

export async function diffCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseFlags(argv, DIFF_FLAGS, true);
  if (positionals.length !== 2) throw new UsageError("diff needs two recordings: RECORDING_A RECORDING_B");
  const [a, b] = await Promise.all(positionals.map((p) => readTranscript(resolve(p))));
  const comparison = compareTranscripts(a!, b!);
  const judged = comparison.differences.filter((d) => d.judged).length;
  if (values.json) process.stdout.write(`${JSON.stringify({ a: a!.target, b: b!.target, judged, ...comparison }, null, 2)}\n`);
  else {
    process.stdout.write(`diff: A ${label(a!)}, B ${label(b!)}: ${comparison.compared} clauses in both, ${comparison.differences.length} differences (${judged} judged)\n`);
    const shown = shownDifferences(comparison.differences, values.judged === true);
    if (shown.length) process.stdout.write(`${renderDifferences(shown, ["A", "B"])}\n(* judged${values.judged ? `; ${comparison.differences.length - shown.length} not judged left out` : ""})\n`);
  }
  return judged ? 1 : 0;
}
