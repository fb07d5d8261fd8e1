/**
 * A write into the results directory that failed while vitest ran (a full disk): noted once in the
 * run's scratch directory instead of thrown, which vitest would print as an unhandled error, so the
 * run ends with one line naming the path and the cause (exit 2).
 */
import { join } from "node:path";
import { readInputFile } from "../files/input-file.js";
import { createNewFileSync, describeWriteError } from "../files/owned-files.js";
import { SCRATCH_ENV } from "../scratch/scratch-dir.js";

const NOTE = "results-write-failure";

/**
 * Notes that writing `path` failed with `error`; true when noted. The first note wins (the file
 * is created exclusively, by whichever process fails first). False when there is no run scratch
 * directory to note it in (vitest started by hand): the caller throws, as before.
 */
export function noteResultsWriteFailure(path: string, error: unknown, env: NodeJS.ProcessEnv = process.env): boolean {
  const scratch = env[SCRATCH_ENV];
  if (scratch === undefined || scratch === "") return false;
  try {
    createNewFileSync(join(scratch, NOTE), describeWriteError("write", path, error).message, 0o600);
  } catch (noting) {
    // another writer noted its failure first: that one is the run's line
    if ((noting as NodeJS.ErrnoException).code !== "EEXIST") return false;
  }
  return true;
}

/** The failure noted in the run's scratch directory `scratchDir`, if any. */
export async function readResultsWriteFailure(scratchDir: string): Promise<string | undefined> {
  const text = await readInputFile(join(scratchDir, NOTE), { kind: "results write failure note", maxBytes: 64 * 1024 }).catch(() => undefined);
  return text === undefined || text === "" ? undefined : text;
}
