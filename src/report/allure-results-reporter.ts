/**
 * allure-vitest's reporter, writing each result without an fsync: allure-js fsyncs every file on
 * vitest's main thread, which also answers the workers (docs/speed.md), and a results directory
 * needs each file whole when it appears, not to survive a power cut; write failures are noted.
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
