/**
 * `ego-conformance run`: resolve the target, run the suites with vitest, summarise the Allure
 * results per clause, write the HTML report, print the verdict.
 */
import { existsSync, readdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import { execa } from "execa";
import { AREAS, CATALOGUE, clauseById, type Area, type Clause } from "../contract/index.js";
import { newRunId, runConfigEnv, type RunConfig } from "../harness/run-config.js";
import { environmentEntries, generateAllureReport, ReportInterruptedError, writeEnvironment } from "../report/allure-report.js";
import { checkOutputFile, checkOwnedDir, OutputPathError, prepareOwnedDir } from "../safety/output-dir.js";
import { trapInterrupts } from "../safety/interrupts.js";
import { readResults } from "../report/results-reader.js";
import { summarize, summaryPassed, type RunSummary } from "../report/summary.js";
import { colorWanted, renderJson, renderTerminal } from "../report/terminal.js";
import { UNKNOWN_VERSION } from "../report/labels.js";
import { resolveTarget, TargetUnavailableError } from "../target/resolve.js";
import { parseFlags } from "./parse-flags.js";
import { parsePagesFlag } from "./pages-flag.js";
import { UsageError } from "./usage-error.js";
import { INVARIANCE_CLAUSE_ID } from "../safety/invariance.js";
import { HARNESS_FAULT_NAMES, isHarnessFault, type HarnessFault } from "../safety/harness-faults.js";
import { exitStatusFor } from "../safety/interrupts.js";
import { RunGuard } from "../safety/run-guard.js";
import { defaultLedgerPath, LEDGER_ENV } from "../safety/ledger.js";
import { CLI_PID_ENV } from "../safety/parent-watchdog.js";
import { startFakeAppIfNeeded } from "../target/fake-app-on-demand.js";
import { detectRun, installedEnvironment, writeUnreachableResults, type DetectedRun } from "../target/detect-run.js";
import { CliNotFoundError, locateCli } from "../target/locate-cli.js";
import { parseProbeTimeout } from "./detect.js";
import { PERSONA_NAMES } from "../../fake-bridge/personas/index.js";
import { tryParseEgoVersion } from "../version/index.js";
import { applyExpectations, expectationsFileFor, loadExpectations, suggestUpdates, renderUpdates, writeUpdates, todayUtc, type ExpectationsOutcome, type LoadedExpectations } from "../expectations/index.js";
import { outcomesFromSummary, writeOutcomes } from "../gate/outcomes.js";
import { readInfraFaultPlan, type InfraFaultPlan } from "../../fake-bridge/infra-faults/plan.js";
import { markFlakyResults } from "../faults/flaky-results.js";
import type { TestResult } from "../report/results-reader.js";
import { CURRENT_BUILD_VERSION } from "../contract/build-features.js";

export interface RunOptions {
  target: RunConfig["target"];
  areas: Area[];
  grep?: RegExp;
  json: boolean;
  resultsDir: string;
  reportDir: string;
  report: boolean;
  faults: string[];
  /** the fake persona (`--persona NAME`, fake-bridge/personas) */
  persona?: string;
  /** the fake's pages (`--pages chromium|model`; default chromium wherever a browser is found) */
  pages?: "chromium" | "model";
  /** the Ego Lite version the fake emulates (`--ego-version V`) */
  egoVersion?: string;
  /** run every clause regardless of build features and versions (`--ungated`) */
  ungated?: boolean;
  /** the installed target's options (`--target installed`); `egoVersion` is then the fallback version */
  installed?: InstalledRunOptions;
  /** the expectations file applied to the results (`--expectations FILE`, default fixtures/expectations/expectations.json if present) */
  expectationsFile?: string;
  /** print the expectation entries to add and remove (`--update-expectations`), and write them (`--write`) */
  updateExpectations?: "print" | "write";
  /** where the run's outcomes go for the gate and baselines (`--outcomes FILE`, default reports/outcomes.json) */
  outcomesFile?: string;
  /** an infrastructure-fault plan file (`--faults FILE`, fake-bridge/infra-faults/plan.ts) */
  faultsFile?: string;
  /** exit 1 when any result is flaky (`--fail-on-flaky`) */
  failOnFlaky?: boolean;
  /** skip the clauses tagged slow (`--no-slow`): they end not applicable, with the reason */
  noSlow?: boolean;
}

export interface InstalledRunOptions {
  /** `--ego-browser PATH` */
  egoBrowser?: string;
  /** `--operator ENDPOINT` (the fake app's operator socket) */
  operator?: string;
  /** `--keep-on-failure`: keep the run's task spaces when the run failed */
  keepOnFailure: boolean;
  /** `--probe-timeout MS` */
  probeTimeoutMs?: number;
  /** `--harness-fault NAME`: a deliberate harness bug, for the harness's own tests */
  harnessFaults: HarnessFault[];
  /** `--workers N`: how many clause files run at once against the host (1: one clause at a time) */
  workers?: number;
}

export function parseRunArgs(argv: string[], cwd = process.cwd()): RunOptions {
  const { values } = parseFlags(argv, {
    target: { type: "string", default: "fake" },
    area: { type: "string", multiple: true, default: [] },
    grep: { type: "string" },
    json: { type: "boolean", default: false },
    results: { type: "string", default: "reports/allure-results" },
    report: { type: "string", default: "reports/allure-report" },
    "no-report": { type: "boolean", default: false },
    fault: { type: "string", multiple: true, default: [] },
    persona: { type: "string" },
    pages: { type: "string" },
    "ego-version": { type: "string" },
    ungated: { type: "boolean", default: false },
    "ego-browser": { type: "string" },
    operator: { type: "string" },
    "keep-on-failure": { type: "boolean", default: false },
    "probe-timeout": { type: "string" },
    "harness-fault": { type: "string", multiple: true, default: [] },
    expectations: { type: "string" },
    "no-expectations": { type: "boolean", default: false },
    "update-expectations": { type: "boolean", default: false },
    write: { type: "boolean", default: false },
    outcomes: { type: "string", default: "reports/outcomes.json" },
    faults: { type: "string" },
    "fail-on-flaky": { type: "boolean", default: false },
    "no-slow": { type: "boolean", default: false },
    workers: { type: "string" },
  });
  if (values.target !== "fake" && values.target !== "installed") throw new UsageError(`--target must be fake or installed, not '${values.target}'`);
  for (const area of values.area) if (!(area in AREAS)) throw new UsageError(`unknown area '${area}' (areas: ${Object.keys(AREAS).join(", ")})`);
  if (values.persona !== undefined && values["ego-version"] !== undefined) throw new UsageError("--persona and --ego-version exclude each other: a persona has its own version (see ego-conformance personas)");
  const pages = parsePagesFlag(values.pages);
  if (values.pages !== undefined && values.target !== "fake") throw new UsageError("--pages chooses the fake's pages: it needs --target fake (an installed fake app takes it at 'fake start')");
  if (values.persona !== undefined && values.target !== "fake") throw new UsageError("--persona chooses what the fake emulates: it needs --target fake");
  const installedOnly = (["ego-browser", "operator", "keep-on-failure", "probe-timeout", "harness-fault", "workers"] as const).filter((f) => values[f] !== undefined && values[f] !== false && !(Array.isArray(values[f]) && values[f].length === 0));
  if (installedOnly.length && values.target !== "installed") throw new UsageError(`--${installedOnly.join(", --")} need --target installed`);
  for (const f of values["harness-fault"]) if (!isHarnessFault(f)) throw new UsageError(`unknown harness fault '${f}' (known: ${HARNESS_FAULT_NAMES.join(", ")})`);
  if (values["ego-version"] !== undefined && tryParseEgoVersion(values["ego-version"]) === null) throw new UsageError(`--ego-version must be a four-part Ego Lite version like 0.5.0.19, not '${values["ego-version"]}'`);
  if (values.persona !== undefined && !PERSONA_NAMES.includes(values.persona)) throw new UsageError(`unknown persona '${values.persona}' (personas: ${PERSONA_NAMES.join(", ")})`);
  if (values.expectations !== undefined && values["no-expectations"]) throw new UsageError("--expectations and --no-expectations exclude each other");
  if (values.write && !values["update-expectations"]) throw new UsageError("--write writes what --update-expectations suggests: give both");
  if (values["update-expectations"] && values["no-expectations"]) throw new UsageError("--update-expectations needs an expectations file: drop --no-expectations");
  for (const flag of ["results", "report", "outcomes", "expectations"] as const) {
    if (values[flag] !== undefined && values[flag].trim() === "") throw new OutputPathError(`--${flag} is empty: give a path (an unset variable in a script?)`);
  }
  const expectationsFile = values["no-expectations"] ? undefined : expectationsFileFor(values.expectations, cwd);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64)) throw new UsageError(`--workers must be a whole number from 1 to 64, not '${values.workers}'`);
  let grep: RegExp | undefined;
  if (values.grep !== undefined) {
    try {
      grep = new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep is not a regular expression: ${(error as Error).message}`);
    }
  }
  return {
    target: values.target,
    areas: values.area as Area[],
    ...(grep ? { grep } : {}),
    json: values.json,
    resultsDir: resolve(cwd, values.results),
    reportDir: resolve(cwd, values.report),
    report: !values["no-report"],
    faults: values.fault,
    ...(values.persona !== undefined ? { persona: values.persona } : {}),
    ...(pages !== undefined ? { pages } : {}),
    ...(values["ego-version"] !== undefined ? { egoVersion: values["ego-version"] } : {}),
    ...(values.ungated ? { ungated: true } : {}),
    ...(expectationsFile !== undefined ? { expectationsFile } : {}),
    ...(values["update-expectations"] ? { updateExpectations: values.write ? ("write" as const) : ("print" as const) } : {}),
    outcomesFile: resolve(cwd, values.outcomes),
    ...(values.faults !== undefined ? { faultsFile: resolve(cwd, values.faults) } : {}),
    ...(values["fail-on-flaky"] ? { failOnFlaky: true } : {}),
    ...(values["no-slow"] ? { noSlow: true } : {}),
    ...(values.target === "installed"
      ? {
          installed: {
            ...(values["ego-browser"] !== undefined ? { egoBrowser: values["ego-browser"] } : {}),
            ...(values.operator !== undefined ? { operator: values.operator } : {}),
            keepOnFailure: values["keep-on-failure"],
            ...(values["probe-timeout"] !== undefined ? { probeTimeoutMs: parseProbeTimeout(values["probe-timeout"]) } : {}),
            harnessFaults: values["harness-fault"] as HarnessFault[],
            ...(workers !== undefined ? { workers } : {}),
          },
        }
      : {}),
  };
}

/** The clauses a run covers: what `--area` and `--grep` select; on installed targets always the safety check too. */
export function selectedFor(options: Pick<RunOptions, "areas" | "grep" | "target">): (clause: Clause) => boolean {
  const chosen = selectedBy(options);
  return (clause) => chosen(clause) || (options.target === "installed" && clause.id === INVARIANCE_CLAUSE_ID);
}

/** The clauses a run means to cover: what `--area` and `--grep` select. */
export function selectedBy(options: Pick<RunOptions, "areas" | "grep">): (clause: Clause) => boolean {
  return (clause) =>
    (options.areas.length === 0 || options.areas.includes(clause.area)) &&
    (!options.grep || options.grep.test(`${clause.id}: ${clause.title}`));
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

/** Clause files the runner schedules apart (src/contract/clause.ts CLAUSE_TAGS): `*.serial.test.ts`. */
export const SERIAL_FILES = "suites/**/*.serial.test.ts";
const SERIAL_SUFFIX = ".serial.test.ts";

/** The serial clause files of the chosen areas (all areas when none is chosen), as paths vitest filters by. */
export function serialFilesOf(areas: readonly string[], root = PROJECT_ROOT): string[] {
  return (readdirSync(join(root, "suites"), { recursive: true }) as string[])
    .map((f) => f.split(sep).join("/"))
    .filter((f) => f.endsWith(SERIAL_SUFFIX) && (areas.length === 0 || areas.includes(f.split("/")[0]!)))
    .sort()
    .map((f) => `suites/${f}`);
}

/** Default `--workers` on installed targets: enough that a slow file runs beside the rest. */
export const DEFAULT_INSTALLED_WORKERS = 3;

/**
 * The vitest invocations of a run. On the in-process fake every file has its own fake, so one
 * invocation runs everything (vitest's own worker count). On an installed target the files share
 * the host: the first phase runs all but the serial files, `workers` at once (slow files first,
 * vitest.conformance.config.ts), the second the serial files alone, one at a time.
 */
export function vitestPhases(installed: boolean, workers = DEFAULT_INSTALLED_WORKERS, serialFiles: readonly string[] = []): { args: string[]; files?: string[] }[] {
  if (!installed) return [{ args: [] }];
  const parallel = workers === 1 ? ["--no-file-parallelism", "--maxWorkers", "1"] : ["--maxWorkers", String(workers)];
  const phases: { args: string[]; files?: string[] }[] = [{ args: [...parallel, "--exclude", SERIAL_FILES, "--passWithNoTests"] }];
  if (serialFiles.length > 0) phases.push({ args: ["--no-file-parallelism", "--maxWorkers", "1", "--passWithNoTests"], files: [...serialFiles] });
  return phases;
}
const VITEST_CLI = resolve(createRequire(import.meta.url).resolve("vitest/package.json"), "../vitest.mjs");

type RunOutcome = { summary: RunSummary; reportPath?: string; interrupted?: NodeJS.Signals; expectations?: ExpectationsOutcome; flaky?: TestResult[] };

/**
 * Run the suites; returns the summary and the report path (when one was written). An installed
 * run against a fake ego-browser this harness installed starts that fake's app when it is not
 * running, and stops it afterwards (src/target/fake-app-on-demand.ts).
 */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  await checkRunOutputs(options);
  const plan = options.faultsFile !== undefined ? await faultPlanOrThrow(options.faultsFile) : undefined;
  const cli = options.installed ? await locateCli({ ...(options.installed.egoBrowser !== undefined ? { flag: options.installed.egoBrowser } : {}) }).catch(() => undefined) : undefined;
  const fakeApp = cli ? await startFakeAppIfNeeded(cli.path, options.faultsFile !== undefined ? { infraFaults: options.faultsFile } : {}) : undefined;
  if (options.installed && options.faultsFile !== undefined && !fakeApp) {
    throw new UsageError("--faults injects infrastructure faults into the fake app: with --target installed it needs a fake ego-browser this harness installed whose app is not running (the run starts it with the plan); a real Ego Lite, or an app already running, cannot take one");
  }
  try {
    return await runSuites(options, options.installed ? undefined : plan);
  } finally {
    await fakeApp?.stop();
  }
}

/** The `--faults` plan, read and checked before anything runs: a bad plan is a usage error naming the file and the path inside it. */
async function faultPlanOrThrow(file: string): Promise<InfraFaultPlan> {
  try {
    return await readInfraFaultPlan(file);
  } catch (error) {
    throw new UsageError(`--faults ${(error as Error).message}`);
  }
}

async function runSuites(options: RunOptions, infraFaults?: InfraFaultPlan): Promise<RunOutcome> {
  const expectations = await expectationsForRun(options);
  // An installed run starts with detection, once, here; the workers get its result (run-config).
  const detected = options.installed ? await detectInstalledOrThrow(options) : undefined;
  const config: RunConfig = {
    target: options.target,
    runId: newRunId(),
    faults: options.faults,
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.pages !== undefined ? { pages: options.pages } : {}),
    ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
    ...(options.ungated ? { ungated: true } : {}),
    ...(detected ? { installed: detected.config } : {}),
    ...(options.installed?.keepOnFailure ? { keepOnFailure: true } : {}),
    ...(infraFaults ? { infraFaults } : {}),
    ...(options.noSlow ? { noSlow: true } : {}),
  };
  const target = await resolveTarget(config);
  const info = target.info;
  if (!detected) await target.close();
  const selected = selectedFor(options);

  await prepareOwnedDir(options.resultsDir, "results", { what: "--results" });
  await writeEnvironment(options.resultsDir, environmentEntries({
    target: info.kind,
    targetName: info.name,
    egoVersion: info.egoVersion === null ? `version unknown${info.egoVersionText === null ? "" : ` ('${info.egoVersionText}', not a four-part version)`} — judged as the newest documented build, ${CURRENT_BUILD_VERSION}` : info.egoVersionText ?? UNKNOWN_VERSION,
    ...(info.persona ? { persona: info.persona } : {}),
    extra: { "version source": info.versionSource, "run id": config.runId, ...(config.ungated ? { gating: "ungated (every clause ran, regardless of features and versions)" } : {}), ...(detected ? installedEnvironment(detected) : {}) },
  }));

  if (detected && detected.detection.bridge === null) {
    // The CLI never ran a probe (it hung, or failed to start): every selected clause is broken, with why.
    await target.close();
    await writeUnreachableResults(options.resultsDir, info, CATALOGUE.filter(selected), detected.detection.bridgeError ?? "the bridge could not be asked");
    const summary = summarize(await readResults(options.resultsDir), CATALOGUE, { selected });
    if (!options.report) return { summary };
    return { summary, ...(await reportFor(options)) };
  }
  const guard = await RunGuard.start({
    ...(detected ? { installed: target } : {}),
    info,
    runId: config.runId,
    resultsDir: options.resultsDir,
    harnessFaults: options.installed?.harnessFaults ?? [],
    invarianceSelected: selected(clauseById(INVARIANCE_CLAUSE_ID)),
  });

  // vitest runs in its own process: the CLI stays a small orchestrator (and tsx's loader, which
  // the CLI runs under, never meets vitest's). Its output goes to stderr so --json keeps stdout.
  let interrupted: NodeJS.Signals | null;
  try {
    // Installed targets share one host: its [Serial] clause files run in a phase of their own,
    // one file at a time, after the rest (which runs --workers files at once, slow files first).
    for (const phase of vitestPhases(detected !== undefined, options.installed?.workers, serialFilesOf(options.areas))) {
      if (guard.interrupted !== null) break;
      const vitestArgs = [
        VITEST_CLI,
        "run",
        "--config",
        resolve(PROJECT_ROOT, "vitest.conformance.config.ts"),
        ...phase.args,
        ...(options.grep ? ["--testNamePattern", options.grep.source] : []),
        ...(phase.files ?? options.areas.map((area) => `suites/${area}/`)),
      ];
      const vitest = execa(process.execPath, vitestArgs, {
        cwd: PROJECT_ROOT,
        // the workers record the spaces they make in the same run ledger as this process
        env: { ...runConfigEnv(config), ALLURE_RESULTS_DIR: options.resultsDir, EGO_CONFORMANCE_PROGRESS: "1", [LEDGER_ENV]: defaultLedgerPath(), [CLI_PID_ENV]: String(process.pid) },
        stdin: "ignore",
        stdout: 2,
        stderr: 2,
        reject: false,
      });
      guard.onInterrupt(() => vitest.kill("SIGTERM"));
      const child = await vitest.catch((error: unknown) => error as { exitCode?: number; message: string });
      if (child.exitCode === undefined && guard.interrupted === null) throw new Error(`vitest could not be started: ${child.message}`);
    }
  } finally {
    // Cleanup and the invariance check run whatever happened to vitest (Ctrl-C included).
    const sofar = await readResults(options.resultsDir).then((results) => summarize(results, CATALOGUE, { selected }), () => undefined);
    interrupted = (await guard.end({ runFailed: sofar === undefined || !summaryPassed(sofar), keepOnFailure: options.installed?.keepOnFailure ?? false })).interrupted;
    if (detected) await target.close();
  }

  // Expectations judge the results in place (labels, links, unexpected passes), before anything reads them.
  const judged = interrupted ? undefined : await applyExpectations(options.resultsDir, expectations, { catalogue: CATALOGUE, selected });
  const flaky = await markFlakyResults(options.resultsDir);
  const summary = summarize(await readResults(options.resultsDir), CATALOGUE, { selected });
  if (interrupted) return { summary, interrupted, flaky };
  if (options.outcomesFile !== undefined) {
    await writeOutcomes(options.outcomesFile, outcomesFromSummary(summary, { runId: config.runId, ungated: config.ungated === true, catalogueClauses: CATALOGUE.length, expectations: expectations ? shownPath(expectations.file) : null }));
  }
  const withExpectations = { ...(judged ? { expectations: judged } : {}), flaky };
  if (!options.report) return { summary, ...withExpectations };
  return { summary, ...(await reportFor(options)), ...withExpectations };
}

/**
 * Every output path of a run, checked before anything runs: the results and report directories
 * may be emptied (missing, empty, or made by the harness), the outcomes and expectations files
 * may be written. A refusal (OutputPathError, exit 2) replaces nothing.
 */
export async function checkRunOutputs(options: RunOptions): Promise<void> {
  const results = await checkOwnedDir(options.resultsDir, "results", { what: "--results" });
  if (options.report) {
    const report = await checkOwnedDir(options.reportDir, "report", { what: "--report" });
    const inside = (a: string, b: string) => a === b || !relative(b, a).startsWith("..");
    if (inside(results, report) || inside(report, results)) throw new OutputPathError(`--results ${results} and --report ${report} overlap: give each its own directory`);
  }
  if (options.outcomesFile !== undefined) await checkOutputFile(options.outcomesFile, { what: "--outcomes" });
  if (options.updateExpectations === "write" && options.expectationsFile !== undefined) await checkOutputFile(options.expectationsFile, { what: "--expectations (with --write)" });
}

/** The HTML report, swapped in when complete; Ctrl-C while it is made keeps the earlier one. */
async function reportFor(options: RunOptions): Promise<{ reportPath?: string; interrupted?: NodeJS.Signals }> {
  const abort = new AbortController();
  const trap = trapInterrupts(() => process.stderr.write("ego-conformance run: interrupted while writing the report; the earlier report is kept\n"));
  trap.onInterrupt(() => abort.abort());
  try {
    const report = await generateAllureReport({ resultsDir: options.resultsDir, outputDir: options.reportDir, cwd: PROJECT_ROOT, what: "--report", signal: abort.signal });
    return { reportPath: report.indexHtml };
  } catch (error) {
    if (error instanceof ReportInterruptedError && trap.signal !== null) return { interrupted: trap.signal };
    throw error;
  } finally {
    trap.dispose();
  }
}

export async function runCommand(argv: string[]): Promise<number> {
  const options = parseRunArgs(argv);
  const { summary, reportPath, interrupted, expectations, flaky = [] } = await runConformance(options);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...renderJson(summary), ...(reportPath ? { report: reportPath } : {}) }, null, 2)}\n`);
  else process.stdout.write(`${renderTerminal(summary, { ...(reportPath ? { reportPath } : {}), color: colorWanted(process.stdout) })}\n`);
  if (options.updateExpectations && expectations && options.expectationsFile !== undefined) {
    const file = options.expectationsFile;
    const loaded = existsSync(file) ? await loadExpectations(file) : undefined;
    const update = suggestUpdates(expectations, loaded, CATALOGUE, todayUtc());
    if (options.updateExpectations === "write") await writeUpdates(file, loaded, update);
    (options.json ? process.stderr : process.stdout).write(renderUpdates(update, file, options.updateExpectations === "write"));
  }
  if (flaky.length && options.failOnFlaky) {
    process.stderr.write(`ego-conformance: --fail-on-flaky: ${flaky.length} flaky result${flaky.length === 1 ? "" : "s"} (passed only after an infrastructure retry) fail${flaky.length === 1 ? "s" : ""} the run\n`);
  }
  if (interrupted) {
    process.stderr.write(`ego-conformance: the run was interrupted (${interrupted}); its task spaces were closed, no new report was written (an earlier one is kept)\n`);
    return exitStatusFor(interrupted);
  }
  if (options.failOnFlaky && flaky.length) return 1;
  return summaryPassed(summary) ? 0 : 1;
}

/** A path as recorded in outputs meant to be kept: relative to the working directory when inside it. */
function shownPath(file: string): string {
  const inside = relative(process.cwd(), file);
  return inside.startsWith("..") || isAbsolute(inside) ? file : inside;
}

/**
 * The run's expectations, read before the run starts: none without a file; a file that
 * --update-expectations is about to create may not exist yet; any other unreadable or invalid
 * file stops the run (exit 2) rather than judging results by entries nobody can read.
 */
async function expectationsForRun(options: RunOptions): Promise<LoadedExpectations | undefined> {
  const file = options.expectationsFile;
  if (file === undefined) return undefined;
  if (!existsSync(file) && options.updateExpectations !== undefined) return undefined;
  return loadExpectations(file);
}

/** Detection for `--target installed`; a missing CLI is a run that cannot be made. */
async function detectInstalledOrThrow(options: RunOptions): Promise<DetectedRun> {
  const o = options.installed!;
  try {
    return await detectRun({
      ...(o.egoBrowser !== undefined ? { flag: o.egoBrowser } : {}),
      ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
      ...(o.operator !== undefined ? { operator: o.operator } : {}),
      ...(o.probeTimeoutMs !== undefined ? { probeTimeoutMs: o.probeTimeoutMs } : {}),
    });
  } catch (error) {
    if (error instanceof CliNotFoundError) throw new TargetUnavailableError(error.message);
    throw error;
  }
}
