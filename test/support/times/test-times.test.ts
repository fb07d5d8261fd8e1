import { join } from "node:path";
import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { tempDir } from "../temp-dir.js";
import { readTimes, slowestTable, withRun, writeTimes, type FileTime, type RunnerRun } from "./test-times.js";

const run = (wallMs: number): RunnerRun => ({ endedAt: "2026-12-02T00:00:00.000Z", wallMs, loadAverage: [1.5, 1, 0.5], cores: 2 });
const file = (runner: FileTime["runner"], name: string, wallMs: number, tests = 1): FileTime => ({ runner, project: runner === "vitest" ? "e2e" : "browser", file: name, wallMs, tests, state: "passed" });

describe("the test-times report", () => {
  it("replaces one runner's files and run, keeps the other's, and sorts every file slowest first", () => {
    const first = withRun({ files: [], runs: {} }, "vitest", [file("vitest", "a.test.ts", 10), file("vitest", "b.test.ts", 300)], run(400));
    const both = withRun(first, "playwright", [file("playwright", "c.spec.ts", 200, 3)], run(250));
    expect(both.files.map((f) => f.file)).toEqual(["b.test.ts", "c.spec.ts", "a.test.ts"]);
    const again = withRun(both, "vitest", [file("vitest", "d.test.ts", 5)], run(6));
    expect(again.files.map((f) => f.file)).toEqual(["c.spec.ts", "d.test.ts"]);
    expect(again.runs.vitest?.wallMs).toBe(6);
    expect(again.runs.playwright?.wallMs).toBe(250);
  });

  it("prints the n slowest files with wall time, test count and project, and each run's load", () => {
    const files = Array.from({ length: 20 }, (_, i) => file("vitest", `f${String(i).padStart(2, "0")}.test.ts`, (i + 1) * 1000, i));
    const table = slowestTable(withRun({ files: [], runs: {} }, "vitest", files, run(21_000)), 15);
    const rows = table.split("\n").filter((l) => l.includes(".test.ts"));
    expect(rows).toHaveLength(15);
    expect(rows[0]).toMatch(/^\s+20\.0 s\s+19\s+e2e\s+f19\.test\.ts$/);
    expect(rows[14]).toMatch(/6\.0 s\s+5\s+e2e\s+f05\.test\.ts/);
    expect(table).toContain("of 20;");
    expect(table).toMatch(/vitest: 21\.0 s wall, .*load average 1\.5 1 0\.5 on 2 cores/);
  });

  it("round-trips through its file, and reads a missing or foreign file as empty", async () => {
    const dir = await tempDir("times");
    const path = join(dir, "reports", "test-times.json");
    expect(await readTimes(path)).toEqual({ files: [], runs: {} });
    const report = withRun({ files: [], runs: {} }, "vitest", [file("vitest", "a.test.ts", 10, 4)], run(11));
    await writeTimes(report, path);
    expect(await readTimes(path)).toEqual(report);
    await writeFile(path, "[1, 2]");
    expect(await readTimes(path)).toEqual({ files: [], runs: {} });
  });
});
