/**
 * `ego-conformance gate`: may this build ship? The current run against a baseline clause by clause,
 * or against the contract itself (src/gate). Exit 0 ship, 1 do not ship, 2 cannot decide.
 */
import { resolve } from "node:path";
import { compareOutcomes } from "../gate/compare.js";
import { judgeContract } from "../gate/contract-gate.js";
import { readRun } from "../gate/current-run.js";
import { baselineFlags, readBaseline, readInput } from "../gate/gate-inputs.js";
import { gateJson, renderGate } from "../gate/render.js";
import { numberFlag, parseFlags } from "./parse-flags.js";
import { GATE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { printable } from "../text/printable.js";
import { DEFAULT_OUTCOMES_FILE } from "../run/options.js";

export async function gateCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, GATE_FLAGS);
  if (values.results !== undefined && values.outcomes !== undefined) throw new UsageError("give --results DIR or --outcomes FILE, not both");
  const baselineFlag = baselineFlags(values);
  const minClauses = numberFlag(values["min-clauses"]); // in its range (GATE_FLAGS), checked by parseFlags
  const options = minClauses !== undefined ? { minClauses } : {};
  // CannotDecideError: exit 2, said by the CLI's one-paragraph message (src/cli/messages.ts)
  const against = baselineFlag === undefined ? undefined : await readBaseline(baselineFlag);
  const source = values.results !== undefined ? { results: resolve(values.results) } : { outcomes: resolve(values.outcomes ?? DEFAULT_OUTCOMES_FILE) };
  const current = await readInput(`current run (${source.results ?? source.outcomes})`, () => readRun(source));
  const decision = against ? compareOutcomes(against.outcomes, current, options) : judgeContract(current, options);
  for (const w of decision.warnings) process.stderr.write(`ego-conformance gate: warning: ${printable(w)}\n`);
  if (values.json) process.stdout.write(`${JSON.stringify({ ...gateJson(decision, current, against), warnings: decision.warnings }, null, 2)}\n`);
  else process.stdout.write(renderGate(decision, current, against));
  return decision.ship ? 0 : 1;
}
