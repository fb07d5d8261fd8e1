/**
 * allure-vitest's reporter, writing each result without an fsync. allure-js writes every result,
 * container and attachment as a temporary file, fsyncs it and renames it into place, on the vitest
 * main thread, which also answers the workers: 389 fsyncs in a page-model run, and under the
 * load of the self-tests (runs side by side) the profile of a page-model run's vitest showed 0.4 to
 * 2.2 s of its main thread in fsync (docs/speed.md). A results directory is read by this run's CLI
 * and thrown away with the machine's disk, so what a reader needs is that a file is whole when it
 * appears (written beside, then renamed: writeFileAtomicSync in ../files/output-dir.ts), not that it survives a power
 * cut. The few files written once per run (categories, environment) keep allure-js's own writer.
 * A write that fails (a disk that fills during the run) is noted for the run, not thrown into
 * vitest (./results-write-failure.ts), and the writer writes nothing more.
 */
import { makeDirectorySync } from "../files/owned-files.js";
import { join } from "node:path";
import { FileSystemWriter, type Writer } from "allure-js-commons/sdk/reporter";
import type { Globals, TestResult, TestResultContainer } from "allure-js-commons";
import type { Category, EnvironmentInfo } from "allure-js-commons/sdk";
import AllureVitestReporter from "allure-vitest/reporter";
import { copyFileAtomicSync, writeFileAtomicSync } from "../files/output-dir.js";
import { noteResultsWriteFailure } from "./results-write-failure.js";

type ReporterConfig = ConstructorParameters<typeof AllureVitestReporter>[0];

/** allure-js's file writer, its per-test writes without the fsync (each still written beside and renamed). */
export class UnsyncedResultsWriter implements Writer {
  readonly #dir: string;
  /** allure-js's own, for what is written once per run */
  readonly #once: FileSystemWriter;
  /** the run's environment: where a failed write is noted (its scratch directory) */
  readonly #env: NodeJS.ProcessEnv;
  #made = false;

  constructor(resultsDir: string, env: NodeJS.ProcessEnv = process.env) {
    this.#dir = resultsDir;
    this.#env = env;
    this.#once = new FileSystemWriter({ resultsDir });
  }

  /** the results are incomplete once a write failed: nothing more is written */
  #failed = false;

  /** Writes `name` with `write`; a failure is noted for the run (thrown only when it cannot be noted). */
  #write(name: string, write: (path: string) => void): void {
    if (this.#failed) return;
    const path = join(this.#dir, name);
    try {
      if (!this.#made) makeDirectorySync(this.#dir);
      this.#made = true;
      write(path);
    } catch (error) {
      this.#failed = true;
      if (!noteResultsWriteFailure(path, error, this.#env)) throw error;
    }
  }

  writeResult(result: TestResult): void {
    this.#write(`${result.uuid}-result.json`, (path) => writeFileAtomicSync(path, JSON.stringify(result)));
  }

  writeGroup(result: TestResultContainer): void {
    this.#write(`${result.uuid}-container.json`, (path) => writeFileAtomicSync(path, JSON.stringify(result)));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.#write(distFileName, (path) => writeFileAtomicSync(path, content));
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.#write(distFileName, (path) => copyFileAtomicSync(from, path));
  }

  writeGlobals(distFileName: string, info: Globals): void {
    this.#write(distFileName, (path) => writeFileAtomicSync(path, JSON.stringify(info)));
  }

  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.#write("environment.properties", () => this.#once.writeEnvironmentInfo(info));
  }

  writeCategoriesDefinitions(categories: Category[]): void {
    this.#write("categories.json", () => this.#once.writeCategoriesDefinitions(categories));
  }
}

/** The allure-vitest reporter with the unsynced writer (vitest.conformance.config.ts). */
export default class AllureResultsReporter extends AllureVitestReporter {
  readonly #resultsDir: string;
  readonly #env: NodeJS.ProcessEnv;

  /** `env`: the run's environment (a runner of many runs in one process gives each its own) */
  constructor(config: ReporterConfig, env: NodeJS.ProcessEnv = process.env) {
    super(config);
    this.#resultsDir = config.resultsDir ?? "allure-results";
    this.#env = env;
  }

  override onInit(vitest: Parameters<AllureVitestReporter["onInit"]>[0]): void {
    super.onInit(vitest);
    // allure-vitest 3.12 keeps its runtime and writer here (test/report/allure-results-reporter.test.ts fails if an upgrade moves them)
    const runtime = (this as unknown as { allureReporterRuntime?: { writer: unknown } }).allureReporterRuntime;
    if (runtime !== undefined && runtime.writer instanceof FileSystemWriter) runtime.writer = new UnsyncedResultsWriter(this.#resultsDir, this.#env);
  }

  /** whether results go through the unsynced writer (the self-test's check of the swap) */
  get unsynced(): boolean {
    return (this as unknown as { allureReporterRuntime?: { writer: unknown } }).allureReporterRuntime?.writer instanceof UnsyncedResultsWriter;
  }
}
