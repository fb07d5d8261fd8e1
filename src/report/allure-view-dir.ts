/**
 * The Allure view of a whole results directory, staged in a temporary directory for `allure
 * generate`: result files rewritten, everything else linked or copied; the directory itself is
 * never written.
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { createNewFile, linkRegularFile } from "../files/owned-files.js";
import { makeTempDir, removeTempDir } from "../scratch/scratch-dir.js";
import { allureView } from "./allure-view.js";
import { parseJson } from "../files/input-file.js";
import { RESULT_FILE_SUFFIX, type ResultFile } from "./results-reader.js";

export interface StagedView {
  dir: string;
  /** removes the staging directory */
  dispose(): Promise<void>;
}

/** `inMemory`: the directory's result files as read (and judged), each staged from its JSON in memory. */
export async function stageAllureView(resultsDir: string, inMemory: readonly ResultFile[] = []): Promise<StagedView> {
  const known = new Map(inMemory.map((f) => [basename(f.result.file), f.raw]));
  // it names its owner: removed at this process's exit, and by `sweep` if the process was killed (src/scratch)
  const dir = await makeTempDir("ego-conformance-allure-view-", process.env, { marked: true });
  const dispose = () => removeTempDir(dir);
  try {
    for (const entry of await readdir(resultsDir, { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const from = join(resultsDir, entry.name);
      const to = join(dir, entry.name);
      const raw = entry.name.endsWith(RESULT_FILE_SUFFIX) ? known.get(entry.name) : undefined;
      if (raw !== undefined) await createNewFile(to, JSON.stringify(allureView(raw)));
      else if (entry.name.endsWith(RESULT_FILE_SUFFIX)) await createNewFile(to, viewOf(await readFile(from, "utf8")));
      else await linkRegularFile(from, to, "a results file");
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return { dir, dispose };
}

/** A result file's text in the view; a file that is not JSON is passed on as it is, for Allure to judge. */
function viewOf(text: string): string {
  let raw: unknown;
  try {
    raw = parseJson(text, "an Allure result");
  } catch {
    return text;
  }
  return raw !== null && typeof raw === "object" ? JSON.stringify(allureView(raw as Parameters<typeof allureView>[0])) : text;
}
