// The run's scratch directory: where temporary directories go, and removed only when it is ours.
import { mkdtemp, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeTempDir, openRunScratch, removeRunScratch, removeTempDir, SCRATCH_ENV, SCRATCH_MARKER, scratchRoot, sweepStaleTemp, TEMP_MARKER } from "../../src/scratch/scratch-dir.js";
import { readProc } from "../../src/processes/proc.js";
import { tempDir } from "../support/temp-dir.js";

const parent = () => tempDir("scratch-test");

describe("scratchRoot and makeTempDir", () => {
  it("use the run's scratch directory when the environment names one, else the OS temp directory", async () => {
    const root = await parent();
    expect(scratchRoot({ [SCRATCH_ENV]: root })).toBe(root);
    expect(scratchRoot({})).toBe(tmpdir());
    expect(scratchRoot({ [SCRATCH_ENV]: "" })).toBe(tmpdir());
    const dir = await makeTempDir("thing-", { [SCRATCH_ENV]: root });
    expect(dirname(dir)).toBe(root);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    await writeFile(join(dir, "f"), "x");
    await removeTempDir(dir);
    await expect(stat(dir)).rejects.toThrow(/ENOENT/);
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

describe("what a killed run left in the temp directory", () => {
  it("is removed when its marker names an owner that is gone; a live owner's, an unmarked one and someone else's are left", async () => {
    const tmp = await parent();
    const own = readProc(process.pid)!;
    // a run scratch directory and a connect-back directory of a SIGKILLed run: the pid is now
    // someone else's (another start time), so the owner is gone
    const deadRun = await mkdtemp(join(tmp, "ego-conformance-run-"));
    await writeFile(join(deadRun, SCRATCH_MARKER), `${process.pid} ${own.startTicks - 1} 1764633600000`);
    const deadCb = await mkdtemp(join(tmp, "ego-conformance-cb-"));
    await writeFile(join(deadCb, TEMP_MARKER), `${process.pid} ${own.startTicks - 1}`);
    await writeFile(join(deadCb, "loop.sock"), "");
    // live: this process's own
    const live = await openRunScratch(tmp);
    const liveCb = await makeTempDir("ego-conformance-cb-", { [SCRATCH_ENV]: tmp }, { marked: true });
    // no marker: not provably ours
    const unmarked = await mkdtemp(join(tmp, "ego-conformance-run-"));
    // a symbolic link named like ours is never followed
    await symlink(deadRun, join(tmp, "ego-conformance-run-link"));
    const removed = await sweepStaleTemp(tmp);
    expect(removed.sort()).toEqual([deadCb, deadRun].sort());
    expect((await readdir(tmp)).sort()).toEqual([live.dir, liveCb, unmarked, join(tmp, "ego-conformance-run-link")].map((p) => p.slice(tmp.length + 1)).sort());
    await live.remove();
    await removeTempDir(liveCb);
  });
});
