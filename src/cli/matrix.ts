/**
 * `ego-conformance matrix`: run the suites against several targets and write the compatibility
 * matrix (compat.json, compat.html, one Allure report with an environment per target), or, with
 * `--shard i/n`, run one slice of the targets and write its bundle for `report --merge`.
 */
import { resolve } from "node:path";
import { AREAS, type Area } from "../contract/clause.js";
import { expandTargets, splitList } from "../matrix/expand.js";
import { bundleDirFor, makeMatrix, type MatrixOptions } from "../matrix/make-matrix.js";
import { personaNames } from "../matrix/personas.js";
import { makePlan } from "../matrix/plan.js";
import { formatShard, parseShard, WHOLE } from "../matrix/shard.js";
import { renderMatrixJson, renderMatrixTerminal } from "../matrix/terminal.js";
import { exitStatusFor } from "../processes/interrupts.js";
import { parseFlags } from "./parse-flags.js";
import { MATRIX_FLAGS } from "./options.js";
import { checkPagesFound, personaFileOrThrow } from "../run/index.js";
import { UsageError } from "./usage-error.js";
import { MatrixInputError } from "../matrix/errors.js";
import { interruptible } from "./interruptible.js";
import { baselineFlags, readBaseline, type BaselineFlag } from "../gate/gate-inputs.js";

export { bundleDirFor };
/** The matrix's typed options (src/matrix/make-matrix.ts), what its flags parse into; `--baseline` as given, read before anything runs. */
export interface MatrixCliOptions extends MatrixOptions {
  baselineFlag?: BaselineFlag;
}

export function parseMatrixArgs(argv: string[], cwd = process.cwd(), personas: readonly string[] = personaNames()): MatrixCliOptions {
  try {
    return parseMatrixFlags(argv, cwd, personas);
  } catch (error) {
    // the matrix's own refusals (a persona, a version, a shard) are usage errors of the command
    if (error instanceof MatrixInputError) throw new UsageError(error.message);
    throw error;
  }
}

function parseMatrixFlags(argv: string[], cwd: string, personas: readonly string[]): MatrixCliOptions {
  const { values } = parseFlags(argv, MATRIX_FLAGS);
  for (const area of values.area) if (!(area in AREAS)) throw new UsageError(`unknown area '${area}' (areas: ${Object.keys(AREAS).join(", ")})`);
  if (values.grep !== undefined) {
    try {
      new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep is not a regular expression: ${(error as Error).message}`);
    }
  }
  const fakePages = values.pages;
  checkPagesFound(fakePages);
  const personaValues = values.personas === undefined ? null : splitList(values.personas);
  const targets = expandTargets(
    {
      personas: personaValues === null ? null : personaValues.includes("all") ? "all" : personaValues,
      versions: splitList(values.versions),
      installed: values.installed,
      mutants: splitList(values.mutant),
      personaFiles: values["persona-file"].map((f) => resolve(cwd, f)),
    },
    personas,
  );
  if (targets.length === 0) throw new UsageError("the matrix has no targets (see --personas, --versions, --installed)");
  const shard = values.shard === undefined ? WHOLE : parseShard(values.shard);
  const baselineFlag = baselineFlags(values);
  // a shard writes no compat: the baseline is report --merge's, where the verdicts are made
  if (baselineFlag !== undefined && values.shard !== undefined) throw new UsageError("--baseline gates compat, which a shard does not write: give it to report --merge");
  const plan = makePlan(targets, { areas: values.area as Area[], grep: values.grep ?? null }, { ungated: values.ungated, noExpectations: values["no-expectations"] });
  return { plan, shard, sharded: values.shard !== undefined, outDir: resolve(cwd, values.out), json: values.json, allure: !values["no-allure"], ...(fakePages !== undefined ? { fakePages } : {}), ...(values["no-slow"] ? { noSlow: true } : {}), ...(baselineFlag ? { baselineFlag } : {}) };
}

export async function matrixCommand(argv: string[]): Promise<number> {
  const { baselineFlag, ...options } = parseMatrixArgs(argv);
  // a baseline that cannot be found or read is exit 2 before any target runs
  const baseline = baselineFlag === undefined ? undefined : await readBaseline(baselineFlag);
  // so is a persona file that is not one, as for run (not a target that did not run)
  for (const t of options.plan.targets) if (t.kind === "fake" && t.personaFile !== undefined) await personaFileOrThrow(t.personaFile);
  const bundle = bundleDirFor(options.outDir, options.shard, options.sharded);
  return interruptible("matrix", (signal) => matrix({ ...options, ...(baseline ? { baseline } : {}), signal }), `the bundle in ${bundle} holds what ran; what was written is whole, an earlier Allure report is kept`);
}

async function matrix(options: MatrixCliOptions): Promise<number> {
  const made = await makeMatrix(options, (line) => process.stderr.write(`${line}\n`));
  // a target's run stopped by the signal: the command's one line says so (interruptible)
  if (made.kind === "interrupted") return exitStatusFor(made.signal as NodeJS.Signals);
  if (made.kind === "shard") {
    const summary = {
      clean: made.clean,
      plan: options.plan.id,
      shard: formatShard(options.shard),
      bundle: made.bundle.dir,
      targets: made.bundle.bundle.targets.map((t) => ({ key: t.key, label: t.label, availability: t.availability, ...(t.reason !== undefined ? { reason: t.reason } : {}) })),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      process.stdout.write(`Shard ${summary.shard} of matrix plan ${summary.plan}: ${summary.targets.length} target(s)\n`);
      for (const t of summary.targets) process.stdout.write(`  ${t.key}  ${t.label}  ${t.availability}${t.reason ? `: ${t.reason}` : ""}\n`);
      process.stdout.write(`Bundle: ${made.bundle.dir}\nMerge the bundles of all ${options.shard.count} shards with: ego-conformance report --merge DIR...\n`);
    }
    return made.clean ? 0 : 1;
  }
  if (options.json) process.stdout.write(`${JSON.stringify(renderMatrixJson(made.outputs, made.clean), null, 2)}\n`);
  else process.stdout.write(renderMatrixTerminal(made.outputs, made.clean));
  return made.clean ? 0 : 1;
}
