// How `run` schedules vitest: one invocation on the fake; on installed targets the parallel phase
// (--workers files at once, serial files excluded) and then the serial files alone.
import { describe, expect, it } from "vitest";
import { parseRunArgs } from "../../src/cli/run.js";
import { DEFAULT_INSTALLED_WORKERS, FAKE_WORKERS, SERIAL_FILES, serialFilesOf, vitestPhases } from "../../src/run/index.js";

describe("run phases", () => {
  it("the fake runs everything in one invocation, at least two files at once", () => {
    expect(vitestPhases(false, 4, ["suites/task-spaces/concurrent.serial.test.ts"])).toEqual([{ args: ["--maxWorkers", String(FAKE_WORKERS)] }]);
  });

  it("the fake takes fewer workers when asked (the matrix's targets side by side), never none", () => {
    expect(vitestPhases(false, undefined, [], 1)).toEqual([{ args: ["--maxWorkers", "1"] }]);
    expect(vitestPhases(false, undefined, [], 0.5)).toEqual([{ args: ["--maxWorkers", "1"] }]);
  });

  it("an installed target runs the rest with --workers files at once, then the serial files one at a time", () => {
    const serial = serialFilesOf([]);
    expect(serial).toEqual(["suites/task-spaces/concurrent.serial.test.ts"]);
    expect(vitestPhases(true, undefined, serial)).toEqual([
      { args: ["--maxWorkers", String(DEFAULT_INSTALLED_WORKERS), "--exclude", SERIAL_FILES, "--passWithNoTests"] },
      { args: ["--no-file-parallelism", "--maxWorkers", "1", "--passWithNoTests"], files: serial },
    ]);
    expect(vitestPhases(true, 1, [])).toEqual([{ args: ["--no-file-parallelism", "--maxWorkers", "1", "--exclude", SERIAL_FILES, "--passWithNoTests"] }]);
    expect(serialFilesOf(["user-control"])).toEqual([]);
  });

  it("--workers is a whole number, for installed targets and the fake; --no-slow is passed on", () => {
    expect(parseRunArgs(["--target", "installed", "--workers", "1"]).installed?.workers).toBe(1);
    expect(() => parseRunArgs(["--target", "installed", "--workers", "0"])).toThrow(/--workers must be a whole number/);
    // on the fake, --workers is how many clause files (each with its own fake) run at once
    expect(parseRunArgs(["--workers", "1"]).fakeWorkers).toBe(1);
    expect(parseRunArgs(["--workers", "1"]).installed).toBeUndefined();
    expect(parseRunArgs(["--target", "installed", "--workers", "1"]).fakeWorkers).toBeUndefined();
    expect(parseRunArgs(["--no-slow"]).noSlow).toBe(true);
  });
});
