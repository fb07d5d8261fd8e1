/**
 * `ego-conformance baseline save [--results DIR | --outcomes FILE] [--dir DIR] [--json]`: store a
 * run's outcomes as the baseline of its Ego Lite version (src/gate/baseline-store.ts); a baseline
 * is looked up by version, so a run whose version is unknown cannot be stored (exit 2).
 */
import { resolve } from "node:path";
import { BaselineKeyError, baselineKey, baselinePath, DEFAULT_BASELINE_DIR } from "../gate/baseline-store.js";
import { readRun } from "../gate/current-run.js";
import { OUTCOMES_FILE_MARKER, writeOutcomes } from "../gate/outcomes-file.js";
import { CannotDecideError, readInput } from "../gate/gate-inputs.js";
import { DEFAULT_OUTCOMES_FILE } from "../run/options.js";
import { parseFlags } from "./parse-flags.js";
import { BASELINE_SAVE_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { checkOutputFile } from "../files/output-dir.js";

async function saveCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags(argv, BASELINE_SAVE_FLAGS);
  if (values.results !== undefined && values.outcomes !== undefined) throw new UsageError("give --results DIR or --outcomes FILE, not both");
  const source = values.results !== undefined ? { results: resolve(values.results) } : { outcomes: resolve(values.outcomes ?? DEFAULT_OUTCOMES_FILE) };
  // CannotDecideError: exit 2, said by the CLI's one-paragraph message (src/cli/messages.ts)
  const outcomes = await readInput(`run (${source.results ?? source.outcomes})`, () => readRun(source));
  let key: string;
  try {
    key = baselineKey(outcomes);
  } catch (error) {
    if (error instanceof BaselineKeyError) throw new CannotDecideError(`cannot store this run as a baseline: ${error.message}`);
    throw error;
  }
  const file = await checkOutputFile(baselinePath(key, values.dir !== undefined ? resolve(values.dir) : DEFAULT_BASELINE_DIR), { what: "the baseline file", marker: OUTCOMES_FILE_MARKER });
  await writeOutcomes(file, outcomes);
  const clauses = Object.keys(outcomes.clauses).length;
  if (values.json) process.stdout.write(`${JSON.stringify({ key, file, clauses, runId: outcomes.runId, passed: outcomes.passed })}\n`);
  else process.stdout.write(`baseline ${key}: ${clauses} clauses from run ${outcomes.runId ?? "?"} written to ${file}${outcomes.passed ? "" : " (note: that run did not pass)"}\n`);
  return 0;
}

export async function baselineCommand(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "save") return saveCommand(rest);
  throw new UsageError(sub === undefined ? "baseline needs a subcommand: save" : `unknown baseline subcommand '${sub}' (known: save)`);
}
