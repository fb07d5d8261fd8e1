/**
 * How a run schedules vitest: on the in-process fake one invocation of every file; on an installed
 * target, whose files share one host, the parallel files first and the serial files alone after.
 */
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { join, resolve, sep } from "node:path";
import type { Area } from "../contract/clause.js";
import type { PagesChoice } from "../contract/pages-choice.js";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

/** Clause files the runner schedules apart (src/contract/clause.ts CLAUSE_TAGS): `*.serial.test.ts`. */
export const SERIAL_FILES = "suites/**/*.serial.test.ts";
const SERIAL_SUFFIX = ".serial.test.ts";

/**
 * Files at once on the in-process fake: every core, and at least two. vitest's own default leaves
 * a core free, which on a 2-core machine is one file at a time, and a run with real pages then
 * leaves the CPU idle while it waits on Chromium (docs/speed.md, "One run").
 */
export const FAKE_WORKERS = Math.max(2, availableParallelism());

/**
 * Clause files one worker takes on the page model before a second one starts. A worker loads the
 * whole harness (about as much CPU as a few dozen page-model files' clauses), and page-model
 * clauses mostly wait on timers: a run of an area or two pays for one start, not one per core.
 */
export const MODEL_FILES_PER_WORKER = 16;

/**
 * Files at once on the in-process fake when `--workers` is not given: FAKE_WORKERS, but on the
 * page model one worker per MODEL_FILES_PER_WORKER clause files of the selection. Real pages wait
 * on Chromium, and a second file beside the first shortens the run.
 */
function defaultFakeWorkers(pages: PagesChoice | undefined, areas: readonly string[]): number {
  if (pages !== "model") return FAKE_WORKERS;
  const files = clauseFilesOf(areas).length;
  return Math.min(FAKE_WORKERS, Math.max(1, Math.ceil(files / MODEL_FILES_PER_WORKER)));
}

/** The in-process fake's files at once for a run: its `--workers`, or the default for its pages and areas. */
export function fakeWorkersOf(options: { fakeWorkers?: number; pages?: PagesChoice; areas: readonly string[] }): number {
  return options.fakeWorkers ?? defaultFakeWorkers(options.pages, options.areas);
}

/** Default `--workers` on installed targets: enough that a slow file runs beside the rest. */
export const DEFAULT_INSTALLED_WORKERS = 3;

export interface VitestPhase {
  args: string[];
  files?: string[];
}

/** The clause files of the chosen areas (all areas when none is chosen), as paths vitest filters by. */
function clauseFilesOf(areas: readonly string[], root = PROJECT_ROOT): string[] {
  return (readdirSync(join(root, "suites"), { recursive: true }) as string[])
    .map((f) => f.split(sep).join("/"))
    .filter((f) => f.endsWith(".test.ts") && (areas.length === 0 || areas.includes(f.split("/")[0]!)))
    .sort()
    .map((f) => `suites/${f}`);
}

/** The serial clause files of the chosen areas (all areas when none is chosen), as paths vitest filters by. */
export function serialFilesOf(areas: readonly string[], root = PROJECT_ROOT): string[] {
  return clauseFilesOf(areas, root).filter((f) => f.endsWith(SERIAL_SUFFIX));
}

/** The vitest invocations of a run (see the top of this file); `fakeWorkers` overrides FAKE_WORKERS (the matrix's targets side by side). */
export function vitestPhases(installed: boolean, workers = DEFAULT_INSTALLED_WORKERS, serialFiles: readonly string[] = [], fakeWorkers = FAKE_WORKERS): VitestPhase[] {
  if (!installed) return [{ args: ["--maxWorkers", String(Math.max(1, Math.floor(fakeWorkers)))] }];
  const parallel = workers === 1 ? ["--no-file-parallelism", "--maxWorkers", "1"] : ["--maxWorkers", String(workers)];
  const phases: VitestPhase[] = [{ args: [...parallel, "--exclude", SERIAL_FILES, "--passWithNoTests"] }];
  if (serialFiles.length > 0) phases.push({ args: ["--no-file-parallelism", "--maxWorkers", "1", "--passWithNoTests"], files: [...serialFiles] });
  return phases;
}

const VITEST_CLI = resolve(createRequire(import.meta.url).resolve("vitest/package.json"), "../vitest.mjs");

/** The node arguments of one phase: vitest's CLI, the conformance config, the phase's flags, the name filter, the files. */
export function vitestArgv(phase: VitestPhase, selection: { areas: readonly Area[]; grep?: RegExp }): string[] {
  return [
    VITEST_CLI,
    "run",
    "--config",
    resolve(PROJECT_ROOT, "vitest.conformance.config.ts"),
    ...phase.args,
    ...(selection.grep ? ["--testNamePattern", selection.grep.source] : []),
    ...(phase.files ?? selection.areas.map((area) => `suites/${area}/`)),
  ];
}
