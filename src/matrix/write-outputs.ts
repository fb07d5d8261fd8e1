/**
 * What a matrix (or a merge of its shards) leaves in the output directory:
 *
 *   <out>/compat.json            the matrix as data (compat-schema.ts)
 *   <out>/compat.html            the self-contained page
 *   <out>/compat-allure/report/  ONE Allure report, an environment per target (unless skipped)
 *   <out>/compat-allure/results/ the combined, target-stamped results it was made from
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { generateMatrixReport } from "./allure-matrix.js";
import { buildCompat } from "./build-compat.js";
import type { CompatJson } from "./compat-schema.js";
import type { MergedMatrix } from "./merge.js";
import { renderCompatPage } from "./page/render-page.js";

export interface MatrixOutputs {
  compat: CompatJson;
  compatJson: string;
  compatHtml: string;
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
  await writeFile(compatJson, `${JSON.stringify(compat, null, 2)}\n`, "utf8");
  await writeFile(compatHtml, renderCompatPage(compat), "utf8");
  const outputs: MatrixOutputs = { compat, compatJson, compatHtml };
  if (options.allure && merged.results.length > 0) {
    const report = await generateMatrixReport(compat, merged.results, join(out, "compat-allure"), { cwd: options.cwd });
    outputs.allureReport = report.indexHtml;
  }
  return outputs;
}

/**
 * Whether the matrix is clean: every target ran, no warning, and no cell failed, broke or went
 * without a result (known failures and unspecified observations do not count against it).
 */
export function matrixClean(compat: CompatJson): boolean {
  if (compat.warnings.length > 0) return false;
  if (compat.targets.some((t) => t.availability !== "ran")) return false;
  return compat.clauses.every((c) => Object.values(c.cells).every((cell) => cell.status !== "failed" && cell.status !== "broken" && cell.status !== "unknown"));
}
