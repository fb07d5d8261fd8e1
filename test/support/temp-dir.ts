/**
 * Temporary directories for the self-tests, none left behind: `tempDir` makes one and records it,
 * and ./remove-temp-dirs.ts (a setup file of both projects) removes what a test file recorded
 * when the file is done. `tempDirPerTest` gives each test of a file its own, removed after the test.
 */
import { afterEach, beforeEach } from "vitest";
import { makeTempDir, removeTempDir } from "../../src/scratch/scratch-dir.js";

/** no run's scratch directory: the self-tests' directories are under the OS temp directory */
const OS_TEMP = {};

const made = new Set<string>();

/** A new empty directory `ego-conformance-<label>-XXXXXX` under the OS temp directory, removed after the file's tests. */
export async function tempDir(label: string): Promise<string> {
  const dir = await makeTempDir(`ego-conformance-${label}-`, OS_TEMP);
  made.add(dir);
  return dir;
}

/** Removes every directory `tempDir` made in this thread so far (made by this process: ours to remove). */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map(removeTempDir));
}

/** Call at the top level of a test file: `use` receives each test's directory (named `<prefix>XXXXXX`) before the test. */
export function tempDirPerTest(prefix: string, use: (dir: string) => void): void {
  let dir: string | undefined;
  beforeEach(async () => {
    dir = await makeTempDir(prefix, OS_TEMP);
    use(dir);
  });
  afterEach(async () => {
    if (dir !== undefined) await removeTempDir(dir);
  });
}
