/**
 * One results directory belongs to one run: a lock beside it (the directory itself is emptied and
 * remade) refuses a second run while the holder lives and is taken over from a run that died. It is
 * written whole and linked into place, so no run ever reads half a lock.
 */
import { createNewFile, linkNew, makeDirectory, removeOwnFile, renameOwned } from "../files/owned-files.js";
import { InputFileError, parseJson, readInputFile } from "../files/input-file.js";
import { randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { readProc, recordedProcessAlive } from "./proc.js";
import { OutputPathError } from "../files/output-dir.js";

interface LockRecord {
  runId: string;
  pid: number;
  startTicks?: number;
}

export interface ResultsLock {
  readonly path: string;
  /** removes the lock, if it is still this run's */
  release(): Promise<void>;
}

export function resultsLockPath(resultsDir: string): string {
  const abs = resolve(resultsDir);
  return join(dirname(abs), `.${basename(abs)}.ego-conformance-lock`);
}

async function readLock(path: string): Promise<LockRecord | null | undefined> {
  let text: string;
  try {
    // the one reader: a FIFO or directory in the lock's place is refused, naming it, never waited on
    text = await readInputFile(path, { kind: "results lock" });
  } catch (error) {
    if (error instanceof InputFileError && error.code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const r = parseJson(text, "results lock") as LockRecord;
    return r && typeof r.runId === "string" && Number.isInteger(r.pid) ? r : null;
  } catch {
    return null; // not a lock this harness wrote whole: nobody holds it
  }
}

const same = (a: LockRecord | null | undefined, b: LockRecord | null | undefined) => JSON.stringify(a) === JSON.stringify(b);

export async function lockResultsDir(resultsDir: string, runId: string): Promise<ResultsLock> {
  const path = resultsLockPath(resultsDir);
  await makeDirectory(dirname(path));
  const startTicks = readProc(process.pid)?.startTicks;
  const mine: LockRecord = { runId, pid: process.pid, ...(startTicks !== undefined ? { startTicks } : {}) };
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    await createNewFile(temporary, JSON.stringify(mine), 0o600);
  } catch (error) {
    // a full or read-only disk: the file may have been made empty before the write failed
    await removeOwnFile(temporary).catch(() => undefined);
    throw lockWriteError(error, resultsDir, path);
  }
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await linkNew(temporary, path);
        return { path, release: () => releaseLock(path, mine) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readLock(path);
      if (holder === undefined) continue; // released meanwhile
      if (holder !== null && recordedProcessAlive(holder.pid, holder.startTicks ?? null)) {
        throw new OutputPathError(`--results ${resultsDir} is in use by run ${holder.runId} (pid ${holder.pid}): one results directory belongs to one run; wait for that run to end, or give this one another --results (the lock is ${path})`);
      }
      // the holder is gone: move its lock aside, and put it back if it was not the one judged
      const aside = `${path}.stale-${process.pid}-${randomBytes(4).toString("hex")}`;
      try {
        await renameOwned(path, aside);
      } catch {
        continue;
      }
      const moved = await readLock(aside);
      if (!same(moved, holder)) await linkNew(aside, path).catch(() => undefined);
      await removeOwnFile(aside);
    }
    throw new OutputPathError(`--results ${resultsDir}: could not take its lock ${path} (other runs keep taking it)`);
  } finally {
    await removeOwnFile(temporary);
  }
}

/** What the system said, with the path it was said of (a failed write names none), once. */
const CAUSES: Record<string, string> = { ENOSPC: "no space left on the device", EROFS: "a read-only file system", EDQUOT: "the disk quota is used up", EACCES: "permission denied", EPERM: "not permitted" };
function lockWriteError(error: unknown, resultsDir: string, path: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return error as Error;
  return new OutputPathError(`--results ${resultsDir}: cannot write its lock ${path}: ${code}${CAUSES[code] ? ` (${CAUSES[code]})` : ""}`);
}

async function releaseLock(path: string, mine: LockRecord): Promise<void> {
  if (same(await readLock(path).catch(() => null), mine)) await removeOwnFile(path);
}
