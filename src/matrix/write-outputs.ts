/**
 * What a matrix (or a merge of its shards) leaves in the output directory:
 *
 *   <out>/compat.json            the matrix as data (compat-schema.ts)
 *   <out>/compat.html            the self-contained page
 *   <out>/compat-allure/report/  ONE Allure report, an environment per target (unless skipped)
 *   <out>/compat-allure/results/ the combined, target-stamped results it was made from
 *   <out>/compat-outcomes/<key>.json  each target's outcomes (for `gate --outcomes`), where the
 *                                     run wrote them
 */
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { generateMatrixReport } from "./allure-matrix.js";
import { buildCompat } from "./build-compat.js";
import { targetOutcomesFile } from "./bundle.js";
import type { CompatJson } from "./compat-schema.js";
import type { MergedMatrix } from "./merge.js";
import { renderCompatPage } from "./page/render-page.js";
import { checkOutputFile, checkOwnedDir, OutputPathError, prepareOwnedDir, writeFileAtomic } from "../safety/output-dir.js";

export interface MatrixOutputs {
  compat: CompatJson;
  compatJson: string;
  compatHtml: string;
  /** target key -> its outcomes file under <out>/compat-outcomes (targets whose run wrote one) */
  outcomes: Record<string, string>;
  /** the Allure report's index.html, when one was generated */
  allureReport?: string;
}

export async function writeMatrixOutputs(
  merged: MergedMatrix,
  outDir: string,
  options: { allure: boolean; cwd: string; now?: Date },
): Promise<MatrixOutputs> {
  const out = resolve(outDir);
  await mkdir(out, { recursive: true });
  const compat = buildCompat(merged, options.now);
  const compatJson = join(out, "compat.json");
  const compatHtml = join(out, "compat.html");
  await writeFileAtomic(compatJson, `${JSON.stringify(compat, null, 2)}\n`);
  await writeFileAtomic(compatHtml, renderCompatPage(compat));
  const outputs: MatrixOutputs = { compat, compatJson, compatHtml, outcomes: await copyOutcomes(merged, join(out, "compat-outcomes")) };
  if (options.allure && merged.results.length > 0) {
    const report = await generateMatrixReport(compat, merged.results, join(out, "compat-allure"), { cwd: options.cwd });
    outputs.allureReport = report.indexHtml;
  }
  return outputs;
}

/**
 * Every path a matrix (or a merge) writes under `outDir`, checked before anything runs: the two
 * files may be written, and the directories it replaces are missing, empty or the harness's own.
 */
export async function checkMatrixOutputs(outDir: string, options: { allure: boolean; what: string }): Promise<void> {
  if (outDir.trim() === "") throw new OutputPathError(`${options.what} is empty: give the directory the matrix goes to`);
  const out = resolve(outDir);
  for (const name of ["compat.json", "compat.html"]) await checkOutputFile(join(out, name), { what: `${options.what} (${name})` });
  await checkOwnedDir(join(out, "compat-outcomes"), "outcomes", { what: `${options.what} (compat-outcomes/)` });
  if (options.allure) {
    await checkOwnedDir(join(out, "compat-allure", "results"), "results", { what: `${options.what} (compat-allure/results/)` });
    await checkOwnedDir(join(out, "compat-allure", "report"), "report", { what: `${options.what} (compat-allure/report/)` });
  }
}

/** Copies each target's outcomes.json (when its run wrote one) to `dir/<key>.json`; `dir` is replaced (when it is the harness's). */
async function copyOutcomes(merged: MergedMatrix, dir: string): Promise<Record<string, string>> {
  await prepareOwnedDir(dir, "outcomes", { what: "the matrix's outcomes directory" });
  const copied: Record<string, string> = {};
  for (const { key, dir: resultsDir } of merged.results) {
    const from = targetOutcomesFile(resultsDir);
    if (!existsSync(from)) continue;
    const to = join(dir, `${key}.json`);
    await writeFileAtomic(to, await readFile(from));
    copied[key] = to;
  }
  return copied;
}

export { matrixClean, targetClean } from "./verdict.js";
