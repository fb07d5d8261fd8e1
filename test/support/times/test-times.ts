/**
 * The self-tests' cost, file by file: what the two reporters beside this module write
 * to reports/test-times.json at the end of a vitest or Playwright run, and the table of the
 * slowest files they print. A report, never a verdict: no test fails on a duration.
 */
import { randomBytes } from "node:crypto";
import { readFile, rename, writeFile, mkdir } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";

export type Runner = "vitest" | "playwright";

export interface FileTime {
  runner: Runner;
  /** the vitest project (unit, e2e) or the Playwright project ("browser" when it has no name) */
  project: string;
  /** relative to the project root */
  file: string;
  /** from the file's start to its end: loading, setup, collection and its tests (ms) */
  wallMs: number;
  /** the tests the file holds, skipped ones included */
  tests: number;
  /** the file's outcome: passed, failed, skipped */
  state: string;
}

export interface RunnerRun {
  /** when the run ended (ISO) */
  endedAt: string;
  /** the run's own wall time, first file start to end (ms) */
  wallMs: number;
  /** 1, 5 and 15 minute load averages at the end of the run: how loaded the machine was */
  loadAverage: number[];
  cores: number;
}

export interface TimesReport {
  /** every file of the last run of each runner, slowest first */
  files: FileTime[];
  runs: Partial<Record<Runner, RunnerRun>>;
}

export const PROJECT_ROOT = resolve(import.meta.dirname, "../../..");
export const TIMES_FILE = join(PROJECT_ROOT, "reports", "test-times.json");
/** how many files the printed table shows */
export const SLOWEST_SHOWN = 15;

export function runOf(wallMs: number, now = new Date()): RunnerRun {
  return { endedAt: now.toISOString(), wallMs: Math.round(wallMs), loadAverage: loadavg().map((x) => Math.round(x * 100) / 100), cores: availableParallelism() };
}

/** `report` with `runner`'s files and run replaced by these (the other runner's kept), slowest first. */
export function withRun(report: TimesReport, runner: Runner, files: FileTime[], run: RunnerRun): TimesReport {
  const kept = report.files.filter((f) => f.runner !== runner);
  return { files: [...kept, ...files].sort((a, b) => b.wallMs - a.wallMs || a.file.localeCompare(b.file)), runs: { ...report.runs, [runner]: run } };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The `n` slowest files as a plain-text table, with each run's wall time and load. */
export function slowestTable(report: TimesReport, n = SLOWEST_SHOWN): string {
  const rows = report.files.slice(0, n);
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const lines = [`The ${rows.length} slowest test files (of ${report.files.length}; all in ${TIMES_FILE}):`, `  ${"wall".padStart(8)}  ${"tests".padStart(5)}  ${"project".padEnd(10)}  file`];
  for (const r of rows) lines.push(`  ${seconds(r.wallMs).padStart(8)}  ${String(r.tests).padStart(5)}  ${`${r.runner === "vitest" ? "" : "pw:"}${r.project}`.padEnd(10)}  ${r.file.padEnd(width)}${r.state === "passed" ? "" : `  (${r.state})`}`);
  for (const [runner, run] of Object.entries(report.runs)) lines.push(`  ${runner}: ${seconds(run.wallMs)} wall, ended ${run.endedAt}, load average ${run.loadAverage.join(" ")} on ${run.cores} cores`);
  return lines.join("\n");
}

const EMPTY: TimesReport = { files: [], runs: {} };

export async function readTimes(path = TIMES_FILE): Promise<TimesReport> {
  try {
    const parsed = JSON.parse(await readFile(path, "utf8")) as TimesReport;
    return Array.isArray(parsed.files) && typeof parsed.runs === "object" ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Written beside and renamed over, so a reader never sees half a file. */
export async function writeTimes(report: TimesReport, path = TIMES_FILE): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.${randomBytes(4).toString("hex")}.part`;
  await writeFile(part, `${JSON.stringify(report, null, 2)}\n`);
  await rename(part, path);
}
