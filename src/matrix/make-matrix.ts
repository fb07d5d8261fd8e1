/**
 * `ego-conformance matrix` as a library: typed options in, the matrix out. Every output path is
 * checked before the first target runs; a whole matrix is merged and written, a shard stops at its
 * bundle for `report --merge`.
 */
import type { PagesChoice } from "../contract/pages-choice.js";
import { join, resolve } from "node:path";
import { checkOwnedDir } from "../files/output-dir.js";
import { findBundleDirs, readBundle, type LoadedBundle } from "./bundle.js";
import { CannotMergeError } from "./errors.js";
import { mergeBundles, type MergedMatrix } from "./merge.js";
import type { MatrixPlan } from "./plan.js";
import { runTargets } from "./run-targets.js";
import { formatShard, shardSlice, type Shard } from "./shard.js";
import { checkMatrixOutputs, matrixClean, targetClean, writeMatrixOutputs, type MatrixOutputs } from "./write-outputs.js";
import type { Baseline } from "../gate/gate-inputs.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export interface MatrixOptions {
  plan: MatrixPlan;
  shard: Shard;
  /** a slice of the targets was asked for (`--shard`): the run stops at its bundle */
  sharded: boolean;
  outDir: string;
  json: boolean;
  allure: boolean;
  /** the fake targets' pages (`--pages chromium|model`); default: as for run */
  fakePages?: PagesChoice;
  /** every target skips the clauses tagged slow (`--no-slow`), as run does */
  noSlow?: boolean;
  /** compat gates every target against it (`--baseline`), else against the contract */
  baseline?: Baseline;
  /** aborted on Ctrl-C or SIGTERM: no target starts after it, the Allure step stops (the earlier report kept) */
  signal?: AbortSignal;
}

export type MadeMatrix =
  | { kind: "interrupted"; signal: string; bundle: LoadedBundle }
  | { kind: "shard"; clean: boolean; bundle: LoadedBundle }
  | { kind: "matrix"; clean: boolean; outputs: MatrixOutputs };

/** Where a run's bundle goes: `<out>/matrix`, or `<out>/matrix-shard-<i>-of-<n>` for a shard. */
export function bundleDirFor(outDir: string, shard: Shard, sharded: boolean): string {
  return sharded ? join(outDir, `matrix-shard-${shard.index}-of-${shard.count}`) : join(outDir, "matrix");
}

export async function makeMatrix(options: MatrixOptions, progress: (line: string) => void = () => {}): Promise<MadeMatrix> {
  const bundleDir = bundleDirFor(options.outDir, options.shard, options.sharded);
  // every output path is checked before the first target runs
  await checkOwnedDir(bundleDir, "bundle", { what: "matrix --out (its bundle directory)" });
  if (!options.sharded) await checkMatrixOutputs(options.outDir, { allure: options.allure, what: "matrix --out" });
  const slice = shardSlice(options.plan.targets, options.shard);
  progress(`matrix: plan ${options.plan.id}, ${options.plan.targets.length} targets${options.sharded ? `; shard ${formatShard(options.shard)} runs ${slice.length}: ${slice.map((t) => t.key).join(", ") || "none"}` : ""}`);
  const loaded = await runTargets({ plan: options.plan, shard: options.shard, bundleDir, progress, ...(options.fakePages ? { fakePages: options.fakePages } : {}), ...(options.noSlow ? { noSlow: true } : {}), ...(options.signal ? { signal: options.signal } : {}) });
  if (loaded.interrupted !== undefined) return { kind: "interrupted", signal: loaded.interrupted, bundle: loaded };
  if (options.sharded) return { kind: "shard", clean: loaded.bundle.targets.every(targetClean), bundle: loaded };
  // the bundle as written (and checked), in memory: the matrix does not read back what it just wrote
  const merged = mergeBundles([loaded]);
  const outputs = await writeMatrixOutputs(merged, options.outDir, writeOptions(options));
  return { kind: "matrix", clean: matrixClean(outputs.compat), outputs };
}

export interface MergeOptions {
  /** bundle directories, or directories with bundles below them (as CI artifact downloads leave them) */
  merge: string[];
  outDir: string;
  allure: boolean;
  /** compat gates every target against it (`--baseline`), else against the contract */
  baseline?: Baseline;
  /** aborted on Ctrl-C or SIGTERM: the Allure step stops, the earlier report kept */
  signal?: AbortSignal;
}

/**
 * `report --merge`: the bundles of a sharded matrix merged into one compat.json, compat.html and
 * Allure report. Bundles that do not go together (different matrices, a shard given twice from
 * different runs) or cannot be read are a CannotMergeError; duplicate and missing shards are
 * warnings, said by the caller.
 */
export async function mergeMatrix(options: MergeOptions): Promise<{ merged: MergedMatrix; outputs: MatrixOutputs; clean: boolean }> {
  await checkMatrixOutputs(options.outDir, { allure: options.allure, what: "report --out" });
  let merged: MergedMatrix;
  try {
    const dirs = await findBundleDirs(options.merge);
    const bundles = await Promise.all(dirs.map((d) => readBundle(d)));
    merged = mergeBundles(bundles);
  } catch (error) {
    throw new CannotMergeError(`cannot merge: ${error instanceof Error ? error.message : String(error)}`);
  }
  const outputs = await writeMatrixOutputs(merged, options.outDir, writeOptions(options));
  return { merged, outputs, clean: matrixClean(outputs.compat) };
}

/** What writing the outputs takes from a matrix's or a merge's options. */
function writeOptions(options: { allure: boolean; baseline?: Baseline; signal?: AbortSignal }): Parameters<typeof writeMatrixOutputs>[2] {
  return { allure: options.allure, cwd: PROJECT_ROOT, ...(options.baseline ? { baseline: options.baseline } : {}), ...(options.signal ? { signal: options.signal } : {}) };
}
