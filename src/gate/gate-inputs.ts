/**
 * What a gate reads: a run's outcomes and the baseline a `--baseline` names (gate, matrix and
 * report --merge alike). Input that cannot be read is CannotDecideError (exit 2), with the reason.
 */
import { resolve } from "node:path";
import { namedError } from "../errors/named-error.js";
import { BaselineKeyError, DEFAULT_BASELINE_DIR, resolveBaseline } from "./baseline-store.js";
import { readOutcomes, type RunOutcomes } from "./outcomes-file.js";

/** Input the gate cannot decide on: exit 2 with the reason. */
export class CannotDecideError extends namedError("CannotDecideError", "bad-input") {}

export async function readInput(what: string, read: () => Promise<RunOutcomes>): Promise<RunOutcomes> {
  try {
    return await read();
  } catch (error) {
    throw new CannotDecideError(`cannot decide: the ${what} cannot be read: ${(error as Error).message}`);
  }
}

/** The baseline a decision is made against (none: the contract), and its file as the gate was given it. */
export interface Baseline {
  outcomes: RunOutcomes;
  file: string;
}

/** `--baseline FILE|KEY [--dir DIR]` as given: gate, matrix and report --merge take the same pair. */
export interface BaselineFlag {
  argument: string;
  /** where the key is looked up (default fixtures/baselines) */
  dir?: string;
}

/** The `--baseline` and `--dir` flags' values, checked together; undefined without --baseline. */
export function baselineFlags(values: { baseline?: string | undefined; dir?: string | undefined }): BaselineFlag | undefined {
  if (values.dir !== undefined && values.baseline === undefined) throw new BaselineKeyError("--dir says where --baseline's key is stored: give --baseline too");
  if (values.baseline === undefined) return undefined;
  return { argument: values.baseline, ...(values.dir !== undefined ? { dir: values.dir } : {}) };
}

/** The baseline a `--baseline` names, read: a bad key is BaselineKeyError, a missing or unreadable file CannotDecideError (both exit 2). */
export async function readBaseline(flag: BaselineFlag): Promise<Baseline> {
  const file = resolveBaseline(flag.argument, flag.dir !== undefined ? resolve(flag.dir) : DEFAULT_BASELINE_DIR);
  return { outcomes: await readInput(`baseline ${file}`, () => readOutcomes(file, "baseline")), file };
}
