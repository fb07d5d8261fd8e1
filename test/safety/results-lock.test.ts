// One results directory belongs to one run. A second run with the same
// --results is refused while the first one's process (pid and start time) is alive; a dead
// run's lock is taken over.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lockResultsDir, resultsLockPath } from "../../src/processes/results-lock.js";
import { OutputPathError } from "../../src/files/output-dir.js";
import { readProc } from "../../src/processes/proc.js";
import { tempDir } from "../support/temp-dir.js";

describe("the results lock", () => {
  it("refuses a second run on the same results directory while the first is alive, with a message naming it", async () => {
    const results = join(await tempDir("lock"), "results");
    const first = await lockResultsDir(results, "20261202-010101-aaaaaa");
    await expect(lockResultsDir(results, "20261202-010102-bbbbbb")).rejects.toThrow(OutputPathError);
    await expect(lockResultsDir(results, "20261202-010102-bbbbbb")).rejects.toThrow(/--results .*results is in use by run 20261202-010101-aaaaaa \(pid \d+\)/);
    await first.release();
    const second = await lockResultsDir(results, "20261202-010102-bbbbbb");
    await second.release();
  });

  it("takes over the lock of a run whose process is gone (its pid now someone else's: another start time)", async () => {
    const results = join(await tempDir("lock-dead"), "results");
    const own = readProc(process.pid)!;
    await writeFile(resultsLockPath(results), JSON.stringify({ runId: "20261202-000000-deadde", pid: process.pid, startTicks: own.startTicks - 1 }));
    const lock = await lockResultsDir(results, "20261202-010103-cccccc");
    expect(JSON.parse(await readFile(resultsLockPath(results), "utf8"))).toMatchObject({ runId: "20261202-010103-cccccc", pid: process.pid });
    await lock.release();
    await expect(readFile(resultsLockPath(results), "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("takes over a torn lock file (a crash mid-write) and leaves someone else's lock alone on release", async () => {
    const results = join(await tempDir("lock-torn"), "results");
    await writeFile(resultsLockPath(results), "{\"runId\": \"2026");
    const lock = await lockResultsDir(results, "20261202-010104-dddddd");
    await writeFile(resultsLockPath(results), JSON.stringify({ runId: "someone-else", pid: process.pid, startTicks: readProc(process.pid)!.startTicks }));
    await lock.release();
    expect(JSON.parse(await readFile(resultsLockPath(results), "utf8"))).toMatchObject({ runId: "someone-else" });
  });
});
