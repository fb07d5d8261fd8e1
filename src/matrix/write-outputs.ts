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
import { copyFile, mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { generateMatrixReport } from "./allure-matrix.js";
import { buildCompat } from "./build-compat.js";
import { targetOutcomesFile } from "./bundle.js";
import type { CompatCell, CompatJson, TargetOutcome } from "./compat-schema.js";
import type { MergedMatrix } from "./merge.js";
import { renderCompatPage } from "./page/render-page.js";

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
  await writeFile(compatJson, `${JSON.stringify(compat, null, 2)}\n`, "utf8");
  await writeFile(compatHtml, renderCompatPage(compat), "utf8");
  const outputs: MatrixOutputs = { compat, compatJson, compatHtml, outcomes: await copyOutcomes(merged, join(out, "compat-outcomes")) };
  if (options.allure && merged.results.length > 0) {
    const report = await generateMatrixReport(compat, merged.results, join(out, "compat-allure"), { cwd: options.cwd });
    outputs.allureReport = report.indexHtml;
  }
  return outputs;
}

/** Copies each target's outcomes.json (when its run wrote one) to `dir/<key>.json`; `dir` is replaced. */
async function copyOutcomes(merged: MergedMatrix, dir: string): Promise<Record<string, string>> {
  await rm(dir, { recursive: true, force: true });
  const copied: Record<string, string> = {};
  for (const { key, dir: resultsDir } of merged.results) {
    const from = targetOutcomesFile(resultsDir);
    if (!existsSync(from)) continue;
    await mkdir(dir, { recursive: true });
    const to = join(dir, `${key}.json`);
    await copyFile(from, to);
    copied[key] = to;
  }
  return copied;
}

/**
 * Whether the matrix is clean: every target ran, no warning, and no cell failed, broke or went
 * without a result (known failures and unspecified observations do not count against it).
 */
export function matrixClean(compat: CompatJson): boolean {
  if (compat.warnings.length > 0) return false;
  if (compat.targets.some((t) => t.availability !== "ran")) return false;
  return compat.clauses.every((c) => Object.values(c.cells).every(cellClean));
}

/** The same rule for one target's column (a shard judges its own targets with it). */
export function targetClean(target: Pick<TargetOutcome, "availability" | "cells" | "problems">): boolean {
  return target.availability === "ran" && target.problems.length === 0 && Object.values(target.cells).every(cellClean);
}

function cellClean(cell: CompatCell): boolean {
  return cell.status !== "failed" && cell.status !== "broken" && cell.status !== "unknown";
}
