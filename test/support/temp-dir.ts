/**
 * Temporary directories for the self-tests, none left behind: `tempDir` makes one and records it,
 * and ./remove-temp-dirs.ts (a setup file of both projects) removes what a test file recorded
 * when the file is done. `tempDirPerTest` gives each test of a file its own, removed after the test.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

const made = new Set<string>();

/** A new empty directory `ego-conformance-<label>-XXXXXX` under the OS temp directory, removed after the file's tests. */
export async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `ego-conformance-${label}-`));
  made.add(dir);
  return dir;
}

/** Removes every directory `tempDir` made in this thread so far (made by this process: ours to remove). */
export async function removeTempDirs(): Promise<void> {
  const dirs = [...made];
  made.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })));
}

/** Call at the top level of a test file: `use` receives each test's directory (named `<prefix>XXXXXX`) before the test. */
export function tempDirPerTest(prefix: string, use: (dir: string) => void): void {
  let dir: string | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix));
    use(dir);
  });
  afterEach(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
}
