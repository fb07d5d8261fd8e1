/**
 * `ego-conformance report --merge DIR...`: merge the bundles of a sharded matrix (each DIR a
 * bundle, or a directory with bundles below it, as CI artifact downloads leave them) into one
 * compat.json, compat.html and Allure report. Duplicate and missing shards are detected and said.
 */
import { resolve } from "node:path";
import { mergeMatrix, type MergeOptions } from "../matrix/make-matrix.js";
import { renderMatrixJson, renderMatrixTerminal } from "../matrix/terminal.js";
import { parseFlags } from "./parse-flags.js";
import { REPORT_FLAGS } from "./options.js";
import { UsageError } from "./usage-error.js";
import { interruptible } from "./interruptible.js";
import { baselineFlags, readBaseline, type BaselineFlag } from "../gate/gate-inputs.js";

export interface ReportCliOptions extends MergeOptions {
  json: boolean;
  /** `--baseline` as given, read before anything is merged */
  baselineFlag?: BaselineFlag;
}

export function parseReportArgs(argv: string[], cwd = process.cwd()): ReportCliOptions {
  const { values, positionals } = parseFlags(argv, REPORT_FLAGS, true);
  if (values.merge.length === 0) throw new UsageError("report needs --merge DIR... (the matrix bundles to merge)");
  // `--merge a b c`: the directories after the first are positionals
  const merge = [...values.merge, ...positionals].map((d) => resolve(cwd, d));
  const baselineFlag = baselineFlags(values);
  return { merge, outDir: resolve(cwd, values.out), json: values.json, allure: !values["no-allure"], ...(baselineFlag ? { baselineFlag } : {}) };
}

export async function reportCommand(argv: string[]): Promise<number> {
  const { baselineFlag, ...options } = parseReportArgs(argv);
  // a baseline that cannot be found or read is exit 2 before anything is merged
  const baseline = baselineFlag === undefined ? undefined : await readBaseline(baselineFlag);
  return interruptible("report", (signal) => merge({ ...options, ...(baseline ? { baseline } : {}), signal }), "the outputs written so far are whole, the earlier Allure report is kept");
}

async function merge(options: ReportCliOptions): Promise<number> {
  const { merged, outputs, clean } = await mergeMatrix(options);
  for (const w of merged.warnings) process.stderr.write(`ego-conformance report: warning: ${w}\n`);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...renderMatrixJson(outputs, clean), merged: merged.sources }, null, 2)}\n`);
  else process.stdout.write(renderMatrixTerminal(outputs, clean));
  return clean ? 0 : 1;
}
