/**
 * `ego-conformance report --merge DIR...`: merge the bundles of a sharded matrix (each DIR a
 * bundle, or a directory with bundles below it, as CI artifact downloads leave them) into one
 * compat.json, compat.html and Allure report. Duplicate and missing shards are detected and said.
 */
import { resolve } from "node:path";
import { findBundleDirs, readBundle } from "../matrix/bundle.js";
import { mergeBundles } from "../matrix/merge.js";
import { renderMatrixJson, renderMatrixTerminal } from "../matrix/terminal.js";
import { checkMatrixOutputs, matrixClean, writeMatrixOutputs } from "../matrix/write-outputs.js";
import { parseFlags } from "./parse-flags.js";
import { REPORT_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";

/** Bundles that do not go together, or cannot be read: exit 2. */
class CannotMergeError extends Error {
  override name = "CannotMergeError";
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export interface ReportCliOptions {
  merge: string[];
  outDir: string;
  json: boolean;
  allure: boolean;
}

export function parseReportArgs(argv: string[], cwd = process.cwd()): ReportCliOptions {
  const { values, positionals } = parseFlags(argv, REPORT_FLAGS, true);
  if (values.merge.length === 0) throw new UsageError("report needs --merge DIR... (the matrix bundles to merge)");
  // `--merge a b c`: the directories after the first are positionals
  const merge = [...values.merge, ...positionals].map((d) => resolve(cwd, d));
  return { merge, outDir: resolve(cwd, values.out), json: values.json, allure: !values["no-allure"] };
}

export async function reportCommand(argv: string[]): Promise<number> {
  const options = parseReportArgs(argv);
  await checkMatrixOutputs(options.outDir, { allure: options.allure, what: "report --out" });
  let merged;
  try {
    const dirs = await findBundleDirs(options.merge);
    const bundles = await Promise.all(dirs.map((d) => readBundle(d)));
    merged = mergeBundles(bundles);
  } catch (error) {
    // bundles of different matrices, a shard given twice from different runs, an unreadable bundle
    throw new CannotMergeError(`cannot merge: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const w of merged.warnings) process.stderr.write(`ego-conformance report: warning: ${w}\n`);
  const outputs = await writeMatrixOutputs(merged, options.outDir, { allure: options.allure, cwd: PROJECT_ROOT });
  const clean = matrixClean(outputs.compat);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...renderMatrixJson(outputs, clean), merged: merged.sources }, null, 2)}\n`);
  else process.stdout.write(renderMatrixTerminal(outputs, clean));
  return clean ? 0 : 1;
}
