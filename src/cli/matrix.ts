/**
 * `ego-conformance matrix`: run the suites against several targets and write the compatibility
 * matrix (compat.json, compat.html, one Allure report with an environment per target), or, with
 * `--shard i/n`, run one slice of the targets and write its bundle for `report --merge`.
 */
import { join, resolve } from "node:path";
import { AREAS, type Area } from "../contract/clause.js";
import { readBundle } from "../matrix/bundle.js";
import { expandTargets, splitList } from "../matrix/expand.js";
import { mergeBundles } from "../matrix/merge.js";
import { personaNames } from "../matrix/personas.js";
import { makePlan } from "../matrix/plan.js";
import { runMatrix } from "../matrix/run-matrix.js";
import { formatShard, parseShard, shardSlice, WHOLE, type Shard } from "../matrix/shard.js";
import { renderMatrixJson, renderMatrixTerminal } from "../matrix/terminal.js";
import { checkMatrixOutputs, matrixClean, targetClean, writeMatrixOutputs } from "../matrix/write-outputs.js";
import { checkOwnedDir } from "../safety/output-dir.js";
import type { MatrixPlan } from "../matrix/plan.js";
import { exitStatusFor } from "../safety/interrupts.js";
import { parseFlags } from "./parse-flags.js";
import { parsePagesFlag, type PagesFlag } from "./pages-flag.js";
import { UsageError } from "./usage-error.js";
import { MatrixInputError } from "../matrix/errors.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export interface MatrixCliOptions {
  plan: MatrixPlan;
  shard: Shard;
  sharded: boolean;
  outDir: string;
  json: boolean;
  allure: boolean;
  /** the fake targets' pages (`--pages chromium|model`); default: as for run */
  fakePages?: PagesFlag;
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
  const { values } = parseFlags(argv, {
    personas: { type: "string", multiple: true },
    versions: { type: "string", multiple: true, default: [] },
    installed: { type: "string", multiple: true, default: [] },
    fault: { type: "string", multiple: true, default: [] },
    area: { type: "string", multiple: true, default: [] },
    grep: { type: "string" },
    shard: { type: "string" },
    out: { type: "string", default: "reports" },
    json: { type: "boolean", default: false },
    "no-allure": { type: "boolean", default: false },
    pages: { type: "string" },
  });
  for (const area of values.area) if (!(area in AREAS)) throw new UsageError(`unknown area '${area}' (areas: ${Object.keys(AREAS).join(", ")})`);
  if (values.grep !== undefined) {
    try {
      new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep is not a regular expression: ${(error as Error).message}`);
    }
  }
  const fakePages = parsePagesFlag(values.pages);
  const personaValues = values.personas === undefined ? null : splitList(values.personas);
  const targets = expandTargets(
    {
      personas: personaValues === null ? null : personaValues.includes("all") ? "all" : personaValues,
      versions: splitList(values.versions),
      installed: values.installed,
      faults: splitList(values.fault),
    },
    personas,
  );
  if (targets.length === 0) throw new UsageError("the matrix has no targets (see --personas, --versions, --installed)");
  const shard = values.shard === undefined ? WHOLE : parseShard(values.shard);
  const plan = makePlan(targets, { areas: values.area as Area[], grep: values.grep ?? null });
  return { plan, shard, sharded: values.shard !== undefined, outDir: resolve(cwd, values.out), json: values.json, allure: !values["no-allure"], ...(fakePages !== undefined ? { fakePages } : {}) };
}

/** Where a run's bundle goes: `<out>/matrix`, or `<out>/matrix-shard-<i>-of-<n>` for a shard. */
export function bundleDirFor(outDir: string, shard: Shard, sharded: boolean): string {
  return sharded ? join(outDir, `matrix-shard-${shard.index}-of-${shard.count}`) : join(outDir, "matrix");
}

export async function matrixCommand(argv: string[]): Promise<number> {
  const options = parseMatrixArgs(argv);
  const bundleDir = bundleDirFor(options.outDir, options.shard, options.sharded);
  // every output path is checked before the first target runs
  await checkOwnedDir(bundleDir, "bundle", { what: "matrix --out (its bundle directory)" });
  if (!options.sharded) await checkMatrixOutputs(options.outDir, { allure: options.allure, what: "matrix --out" });
  const progress = (line: string) => process.stderr.write(`${line}\n`);
  const slice = shardSlice(options.plan.targets, options.shard);
  progress(`matrix: plan ${options.plan.id}, ${options.plan.targets.length} targets${options.sharded ? `; shard ${formatShard(options.shard)} runs ${slice.length}: ${slice.map((t) => t.key).join(", ") || "none"}` : ""}`);
  const loaded = await runMatrix({ plan: options.plan, shard: options.shard, bundleDir, progress, ...(options.fakePages ? { fakePages: options.fakePages } : {}) });
  if (loaded.interrupted !== undefined) {
    process.stderr.write(`ego-conformance matrix: interrupted (${loaded.interrupted}); the bundle in ${loaded.dir} holds what ran, no matrix was written\n`);
    return exitStatusFor(loaded.interrupted as NodeJS.Signals);
  }

  if (options.sharded) {
    const clean = loaded.bundle.targets.every(targetClean);
    const summary = {
      clean,
      plan: options.plan.id,
      shard: formatShard(options.shard),
      bundle: loaded.dir,
      targets: loaded.bundle.targets.map((t) => ({ key: t.key, label: t.label, availability: t.availability, ...(t.reason !== undefined ? { reason: t.reason } : {}) })),
    };
    if (options.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    else {
      process.stdout.write(`Shard ${summary.shard} of matrix plan ${summary.plan}: ${summary.targets.length} target(s)\n`);
      for (const t of summary.targets) process.stdout.write(`  ${t.key}  ${t.label}  ${t.availability}${t.reason ? `: ${t.reason}` : ""}\n`);
      process.stdout.write(`Bundle: ${loaded.dir}\nMerge the bundles of all ${options.shard.count} shards with: ego-conformance report --merge DIR...\n`);
    }
    return clean ? 0 : 1;
  }

  const merged = mergeBundles([await readBundle(loaded.dir)]);
  const outputs = await writeMatrixOutputs(merged, options.outDir, { allure: options.allure, cwd: PROJECT_ROOT });
  const clean = matrixClean(outputs.compat);
  if (options.json) process.stdout.write(`${JSON.stringify(renderMatrixJson(outputs, clean), null, 2)}\n`);
  else process.stdout.write(renderMatrixTerminal(outputs, clean));
  return clean ? 0 : 1;
}
