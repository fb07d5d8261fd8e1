/**
 * `ego-conformance gate [--baseline FILE|VERSION [--dir DIR]] [--results DIR | --outcomes FILE] [--min-clauses N] [--json]`:
 * may this build ship? Compares the current run with a baseline clause by clause, or without one
 * judges it against the contract itself (src/gate). Exit 0 ship, 1 do not ship (with the table),
 * 2 cannot decide (usage, missing or unreadable input).
 */
import { resolve } from "node:path";
import { BaselineKeyError, DEFAULT_BASELINE_DIR, resolveBaseline } from "../gate/baseline-store.js";
import { compareOutcomes } from "../gate/compare.js";
import { baselineMismatches } from "../gate/baseline-mismatches.js";
import { judgeContract } from "../gate/contract-gate.js";
import { readRun } from "../gate/current-run.js";
import { readOutcomes, type RunOutcomes } from "../gate/outcomes-file.js";
import { gateJson, renderGate } from "../gate/render.js";
import { numberFlag, parseFlags } from "./parse-flags.js";
import { GATE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { namedError } from "../errors/named-error.js";
import { printable } from "../text/printable.js";
import { DEFAULT_OUTCOMES_FILE } from "../run/options.js";

/** Input the gate cannot decide on: exit 2 with the reason. */
export class CannotDecideError extends namedError("CannotDecideError", "bad-input") {}

export async function readInput(what: string, read: () => Promise<RunOutcomes>): Promise<RunOutcomes> {
  try {
    return await read();
  } catch (error) {
    throw new CannotDecideError(`cannot decide: the ${what} cannot be read: ${(error as Error).message}`);
  }
}

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
  const decision = against ? compareOutcomes(against.baseline, current, options) : judgeContract(current, options);
  const warnings = against ? baselineMismatches(against.baseline, current) : [];
  for (const w of warnings) process.stderr.write(`ego-conformance gate: warning: ${printable(w)}\n`);
  if (values.json) process.stdout.write(`${JSON.stringify({ ...gateJson(decision, current, against), warnings }, null, 2)}\n`);
  else process.stdout.write(renderGate(decision, current, against));
  return decision.ship ? 0 : 1;
}

/** `--baseline FILE|KEY [--dir DIR]` as given: gate, matrix and report --merge take the same pair. */
export interface BaselineFlag {
  argument: string;
  /** where the key is looked up (default fixtures/baselines) */
  dir?: string;
}

/** The `--baseline` and `--dir` flags' values, checked together; undefined without --baseline. */
export function baselineFlags(values: { baseline?: string | undefined; dir?: string | undefined }): BaselineFlag | undefined {
  if (values.dir !== undefined && values.baseline === undefined) throw new UsageError("--dir says where --baseline's key is stored: give --baseline too");
  if (values.baseline === undefined) return undefined;
  return { argument: values.baseline, ...(values.dir !== undefined ? { dir: values.dir } : {}) };
}

/** The baseline a `--baseline` names, read: a bad key is a usage error, a missing or unreadable file CannotDecideError (both exit 2). */
export async function readBaseline(flag: BaselineFlag): Promise<{ baseline: RunOutcomes; file: string }> {
  let file: string;
  try {
    file = resolveBaseline(flag.argument, flag.dir !== undefined ? resolve(flag.dir) : DEFAULT_BASELINE_DIR);
  } catch (error) {
    if (error instanceof BaselineKeyError) throw new UsageError(error.message);
    throw error;
  }
  return { baseline: await readInput(`baseline ${file}`, () => readOutcomes(file, "baseline")), file };
}
