/**
 * What a matrix (or a merge of its shards) leaves in its output directory: compat.json,
 * compat.html, one Allure report and each target's outcomes (docs/results.md).
 */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { makeDirectory } from "../files/owned-files.js";
import { readInputFile } from "../files/input-file.js";
import { readResultFiles } from "../report/results-reader.js";
import { MatrixInputError } from "./errors.js";
import { join, resolve } from "node:path";
import { generateMatrixReport } from "./allure-matrix.js";
import { checkAllureResultsPath } from "../report/allure-report.js";
import { compatOf, type CompatGates } from "./compat.js";
import { AGAINST_CONTRACT, gateTarget } from "./target-gate.js";
import type { Baseline } from "../gate/gate-inputs.js";
import { parseOutcomes } from "../gate/outcomes-file.js";
import { baselineMismatches } from "../gate/baseline-mismatches.js";
import { parseJson } from "../files/input-file.js";
import { markFakeDifferences } from "./fake-differences.js";
import { targetOutcomesFile } from "./bundle.js";
import type { CompatJson } from "./compat-schema.js";
import type { MergedMatrix } from "./merge.js";
import { COMPAT_PAGE_GENERATOR, renderCompatPage } from "./page/render-page.js";
import { COMPAT_FORMAT } from "./compat-schema.js";
import { pathInside } from "../files/inside-folder.js";
import { checkOutputFile, checkOwnedDir, OutputPathError, prepareOwnedDir, writeFileAtomic } from "../files/output-dir.js";

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
  options: { allure: boolean; cwd: string; now?: Date; baseline?: Baseline; signal?: AbortSignal },
): Promise<MatrixOutputs> {
  const out = resolve(outDir);
  // every input is read before anything is written: a truncated result or outcomes file is named, and leaves no output
  const outcomesTexts = await readInputs(merged);
  await makeDirectory(out);
  // compat's "differs from the fake": each target's recording against its build's fake column
  const compat = compatOf(await markFakeDifferences(merged), options.now, gatesOf(merged, outcomesTexts, options.baseline));
  const compatJson = join(out, "compat.json");
  const compatHtml = join(out, "compat.html");
  await writeFileAtomic(compatJson, `${JSON.stringify(compat, null, 2)}\n`);
  await writeFileAtomic(compatHtml, renderCompatPage(compat));
  const outputs: MatrixOutputs = { compat, compatJson, compatHtml, outcomes: await copyOutcomes(outcomesTexts, join(out, "compat-outcomes")) };
  if (options.allure && merged.results.length > 0) {
    const report = await generateMatrixReport(compat, merged.results, join(out, "compat-allure"), { cwd: options.cwd, ...(options.signal ? { signal: options.signal } : {}) });
    outputs.allureReport = report.indexHtml;
  }
  return outputs;
}

/** Each target gated on the outcomes its run wrote (read by readInputs), as `gate --outcomes` would. */
function gatesOf(merged: MergedMatrix, outcomesTexts: ReadonlyMap<string, string>, baseline: Baseline | undefined): CompatGates {
  const byTarget = new Map<string, ReturnType<typeof gateTarget>>();
  const warnings: string[] = [];
  for (const t of merged.outcomes) {
    const text = outcomesTexts.get(t.key);
    const outcomes = text === undefined ? undefined : parseOutcomes(parseJson(text, `${t.key}'s outcomes`), `${t.key}'s outcomes`);
    byTarget.set(t.key, gateTarget(outcomes, baseline));
    // what gate --baseline warns of, said per target
    if (baseline && outcomes) for (const w of baselineMismatches(baseline.outcomes, outcomes)) warnings.push(`${t.key}: ${w}`);
  }
  return { against: baseline ? baseline.file : AGAINST_CONTRACT, byTarget, warnings };
}

/**
 * Every path a matrix (or a merge) writes under `outDir`, checked before anything runs: the two
 * files may be written, and the directories it replaces are missing, empty or the harness's own.
 */
export async function checkMatrixOutputs(outDir: string, options: { allure: boolean; what: string }): Promise<void> {
  if (outDir.trim() === "") throw new OutputPathError(`${options.what} is empty: give the directory the matrix goes to`);
  const out = resolve(outDir);
  for (const [name, marker] of Object.entries(OUTPUT_FILE_MARKERS)) await checkOutputFile(join(out, name), { what: `${options.what} (${name})`, marker });
  await checkOwnedDir(join(out, "compat-outcomes"), "outcomes", { what: `${options.what} (compat-outcomes/)` });
  if (options.allure) {
    // the folder itself: its allurerc.mjs is replaced and its history.jsonl fed to Allure, so it must be the harness's
    await checkOwnedDir(join(out, "compat-allure"), "allure", { what: `${options.what} (compat-allure/)` });
    checkAllureResultsPath(join(out, "compat-allure", "results"), options.what);
    await checkOwnedDir(join(out, "compat-allure", "results"), "results", { what: `${options.what} (compat-allure/results/)` });
    await checkOwnedDir(join(out, "compat-allure", "report"), "report", { what: `${options.what} (compat-allure/report/)` });
  }
}

/**
 * What every compat.json and compat.html the harness writes holds near its top: a file there
 * without it is someone else's, and is not replaced (the files' form of the directories' marker).
 */
export const OUTPUT_FILE_MARKERS = {
  "compat.json": `"format": "${COMPAT_FORMAT}"`,
  "compat.html": COMPAT_PAGE_GENERATOR,
} as const;

/**
 * The inputs of the outputs, all read first: every target's Allure results (each file parsed, so a
 * truncated one is named: MatrixInputError) and its outcomes.json, when its run wrote one.
 */
async function readInputs(merged: MergedMatrix): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  try {
    for (const { key, dir: resultsDir } of merged.results) {
      await refuseLinks(resultsDir);
      await readResultFiles(resultsDir);
      const from = targetOutcomesFile(resultsDir);
      if (!existsSync(from)) continue;
      const text = await readInputFile(from, { kind: "outcomes" });
      parseOutcomes(parseJson(text, `outcomes file ${from}`), from); // the gate reads it: a file it cannot read is named here
      texts.set(key, text);
    }
  } catch (error) {
    throw new MatrixInputError(`cannot merge: ${(error as Error).message}; nothing was written`);
  }
  return texts;
}

/** A bundle comes from elsewhere (a CI artefact): a symbolic link in its results is refused, never followed into the outputs. */
async function refuseLinks(resultsDir: string): Promise<void> {
  for (const entry of await readdir(resultsDir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) throw new Error(`${join(resultsDir, entry.name)} is a symbolic link; a bundle's files are regular files, and a link is never followed`);
  }
}

/** Writes each target's outcomes (read by readInputs) to `dir/<key>.json`; `dir` is replaced (when it is the harness's). */
async function copyOutcomes(texts: ReadonlyMap<string, string>, dir: string): Promise<Record<string, string>> {
  await prepareOwnedDir(dir, "outcomes", { what: "the matrix's outcomes directory" });
  const copied: Record<string, string> = {};
  for (const [key, text] of texts) {
    const to = pathInside(dir, `${key}.json`, "target key");
    await writeFileAtomic(to, text);
    copied[key] = to;
  }
  return copied;
}

export { matrixClean, targetClean } from "./verdict.js";
