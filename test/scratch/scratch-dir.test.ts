// The run's scratch directory: where temporary directories go, and removed only when it is ours.
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir, openRunScratch, removeRunScratch, SCRATCH_ENV, SCRATCH_MARKER, scratchRoot } from "../../src/scratch/scratch-dir.js";

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
const parent = async () => {
  const d = await mkdtemp(join(tmpdir(), "ego-conformance-scratch-test-"));
  made.push(d);
  return d;
};

describe("scratchRoot and makeTempDir", () => {
  it("use the run's scratch directory when the environment names one, else the OS temp directory", async () => {
    const root = await parent();
    expect(scratchRoot({ [SCRATCH_ENV]: root })).toBe(root);
    expect(scratchRoot({})).toBe(tmpdir());
    expect(scratchRoot({ [SCRATCH_ENV]: "" })).toBe(tmpdir());
    const dir = await makeTempDir("thing-", { [SCRATCH_ENV]: root });
    expect(dirname(dir)).toBe(root);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});

describe("a run's scratch directory", () => {
  it("is removed with everything in it", async () => {
    const scratch = await openRunScratch(await parent());
    expect(scratch.env).toEqual({ [SCRATCH_ENV]: scratch.dir });
    const inner = await makeTempDir("ego-fake-profile-", scratch.env);
    await writeFile(join(inner, "Local State"), "{}");
    expect(await scratch.remove()).toBe(true);
    await expect(stat(scratch.dir)).rejects.toThrow(/ENOENT/);
  });

  it("is left as it is when its marker is gone or is not this run's: proof of ownership, not the name", async () => {
    const scratch = await openRunScratch(await parent());
    await writeFile(join(scratch.dir, "keep"), "a file someone else put there");
    expect(await removeRunScratch(scratch.dir, "another run's token")).toBe(false);
    expect((await readdir(scratch.dir)).sort()).toEqual([SCRATCH_MARKER, "keep"]);
    await rm(join(scratch.dir, SCRATCH_MARKER));
    expect(await scratch.remove()).toBe(false);
    expect(await readdir(scratch.dir)).toEqual(["keep"]);
  });

  it("that is already gone is no error", async () => {
    const scratch = await openRunScratch(await parent());
    await rm(scratch.dir, { recursive: true });
    expect(await scratch.remove()).toBe(false);
  });
});
