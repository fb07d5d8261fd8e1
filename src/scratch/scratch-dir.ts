/**
 * Where a run's processes put their temporary directories, so that the run can remove them all: a
 * vitest worker is ended without an exit event, so what it made outlives it. Markers name each
 * directory's owner, so only the run's own, or a dead owner's, are ever removed (docs/installed-targets.md).
 */
import { rmSync } from "node:fs";
import { lstat, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readProc, recordedProcessAlive } from "../processes/proc.js";

export const SCRATCH_ENV = "EGO_CONFORMANCE_SCRATCH";
export const SCRATCH_MARKER = ".ego-conformance-scratch";
/** the marker of a directory makeTempDir made: `<pid> <start ticks>` of the process that made it */
export const TEMP_MARKER = ".ego-conformance-temp";

/** `<pid> <start ticks>` of this process: what a marker names its owner by. */
function ownerToken(): string {
  return `${process.pid} ${readProc(process.pid)?.startTicks ?? 0}`;
}

/** The directory temporary directories go under: the run's scratch directory, else the OS temp directory. */
export function scratchRoot(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env[SCRATCH_ENV];
  return dir !== undefined && dir !== "" ? dir : tmpdir();
}

/**
 * A new private directory (mode 0700) `<prefix>XXXXXX` under scratchRoot(). It goes with
 * `removeTempDir`, or at the latest when the process exits (a pool that lingers on an unref'd
 * timer is never closed by a process that exits; a vitest worker ends without an exit event, and
 * its directories go with the run's scratch directory).
 */
export async function makeTempDir(prefix: string, env: NodeJS.ProcessEnv = process.env, options: { marked?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(join(scratchRoot(env), prefix));
  // marked: it names its owner, so sweepStaleTemp may remove it once that owner is gone (SIGKILL)
  if (options.marked) await writeFile(join(dir, TEMP_MARKER), ownerToken(), { mode: 0o600 });
  if (!exitHooked) {
    exitHooked = true;
    process.once("exit", () => {
      for (const d of leftAtExit) rmSync(d, { recursive: true, force: true });
    });
  }
  leftAtExit.add(dir);
  return dir;
}

/** Removes a directory `makeTempDir` made, with everything in it. */
export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  leftAtExit.delete(dir);
}

const leftAtExit = new Set<string>();
let exitHooked = false;

export interface RunScratch {
  readonly dir: string;
  /** the environment that puts a child's temporary directories under `dir` */
  readonly env: Record<string, string>;
  /** removes `dir` and everything in it, if it still carries the marker; true when it was removed */
  remove(): Promise<boolean>;
}

/** Makes a run's scratch directory under `parent` (default: the OS temp directory). */
export async function openRunScratch(parent: string = tmpdir()): Promise<RunScratch> {
  const dir = await mkdtemp(join(parent, "ego-conformance-run-"));
  const token = `${ownerToken()} ${Date.now()}`;
  await writeFile(join(dir, SCRATCH_MARKER), token, { mode: 0o600 });
  return {
    dir,
    env: { [SCRATCH_ENV]: dir },
    remove: () => removeRunScratch(dir, token),
  };
}

/**
 * Removes a scratch directory whose marker holds `token`. A directory without that marker (not
 * ours, or already replaced) is left as it is. A browser still shutting down may write into it
 * while it goes: the removal retries.
 */
export async function removeRunScratch(dir: string, token: string): Promise<boolean> {
  const marker = await readFile(join(dir, SCRATCH_MARKER), "utf8").catch(() => undefined);
  if (marker !== token) return false;
  await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  return true;
}

/**
 * Removes what killed harness processes left in `parent` (default: the OS temp directory): each
 * `ego-conformance-*` directory (not a link), owned by this user, whose marker names an owner
 * (pid and start time) that is no longer running. Returns what it removed.
 */
export async function sweepStaleTemp(parent: string = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  const names = await readdir(parent).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith("ego-conformance-")) continue;
    const dir = join(parent, name);
    const info = await lstat(dir).catch(() => undefined);
    if (!info?.isDirectory() || (typeof process.getuid === "function" && info.uid !== process.getuid())) continue;
    const marker = (await readFile(join(dir, SCRATCH_MARKER), "utf8").catch(() => undefined)) ?? (await readFile(join(dir, TEMP_MARKER), "utf8").catch(() => undefined));
    if (marker === undefined) continue;
    const [pid, startTicks] = marker.trim().split(/\s+/).map(Number);
    if (!Number.isInteger(pid) || !Number.isInteger(startTicks) || startTicks === 0) continue; // an older marker without the start time: not provable
    if (recordedProcessAlive(pid!, startTicks)) continue;
    await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    removed.push(dir);
  }
  return removed;
}
