/**
 * Phase 2, execute: reach the target and run the suites against it. An installed run against a
 * fake ego-browser this harness installed starts that fake's app when it is not running, and stops
 * it afterwards (src/targets/fake/fake-app-on-demand.ts); it starts with detection, once, here (the
 * workers get its result through the run config). The results directory is prepared and given the
 * run's environment; the run guard (src/safety/run-guard.ts) frames vitest, which runs in its own
 * process, phase by phase (src/run/vitest-phases.ts), its output on stderr so --json keeps stdout.
 * An installed target whose CLI never answered a probe gets every selected clause broken, with why.
 */
import { join } from "node:path";
import { CATALOGUE, clauseById, type Clause } from "../contract/index.js";
import { CURRENT_BUILD_VERSION } from "../contract/build-features.js";
import { RESULTS_DIR_ENV, runConfigEnv, type RunConfig } from "../harness/run-config.js";
import { environmentEntries, writeEnvironment } from "../report/allure-report.js";
import { UNKNOWN_VERSION } from "../labels/labels.js";
import { readResults, type TestResult } from "../report/results-reader.js";
import { summarize, summaryPassed } from "../report/summary.js";
import { EARLIER_BROKEN_ENV, earlierBrokenEnv, PROGRESS_TARGET_ENV, progressLine } from "../report/progress-reporter.js";
import { observedBroken } from "../outcomes/attribution.js";
import { attributionInputOf } from "./attribute-results.js";
import { readResultsWriteFailure } from "../report/results-write-failure.js";
import { writeClauseResult } from "../report/clause-result.js";
import { INVARIANCE_CLAUSE_ID } from "../safety/invariance.js";
import { defaultLedgerPath, LEDGER_ENV } from "../safety/ledger.js";
import { OutputPathError, prepareOwnedDir } from "../files/output-dir.js";
import { CLI_PID_ENV } from "../processes/parent-watchdog.js";
import { RunGuard, type RunGuardEnd } from "../safety/run-guard.js";
import { detectRun, installedEnvironment, type DetectedRun } from "../targets/detect/detect-run.js";
import { startFakeAppIfNeeded } from "../targets/fake/fake-app-on-demand.js";
import { openRunScratch, sweepStaleTemp } from "../scratch/scratch-dir.js";
import { adoptGroupRecord, describeGroupsEnd, endGroups, GROUPS_ENV, startGroup } from "../processes/groups.js";
import { CliNotFoundError, locateCli } from "../targets/detect/locate-cli.js";
import { resolveTarget, TargetUnavailableError } from "../targets/choose/resolve.js";
import type { TargetInfo } from "../targets/target.js";
import { RunInputError } from "./errors.js";
import type { RunPlan } from "./plan.js";
import { PROJECT_ROOT, vitestArgv, type VitestPhase } from "./vitest-phases.js";
import { PROGRESS_ENV } from "./conformance-reporters.js";
import type { ClauseRunner } from "./runner.js";

export interface ExecutedRun {
  runId: string;
  ungated: boolean;
  info: TargetInfo;
  /** the signal that stopped the run (Ctrl-C, SIGTERM), null when it ran to the end */
  interrupted: NodeJS.Signals | null;
  /** the installed CLI never ran a probe: the results are the broken clauses written for it, no suite ran */
  unreachable: boolean;
  /** the run's task spaces may not all be closed (the cleanup failed, had problems, or ran out of its bound): sweep closes what is left */
  spacesLeft?: boolean;
}

/** The run's id is the plan's (its results lock, src/processes/results-lock.ts, already names it). */
/**
 * `runner`: a long-lived vitest (./runner.ts) that runs the phases it accepts in this process,
 * instead of a vitest child per phase (the matrix's many targets); the rest go as children.
 */
export async function executeRun(plan: RunPlan, runner?: ClauseRunner): Promise<ExecutedRun> {
  const { runId } = plan;
  const { options } = plan;
  const cli = options.installed ? await locateCli({ ...(options.installed.egoBrowser !== undefined ? { flag: options.installed.egoBrowser } : {}) }).catch(() => undefined) : undefined;
  const fakeApp = cli ? await startFakeAppIfNeeded(cli.path, options.infraFaultsFile !== undefined ? { infraFaults: options.infraFaultsFile } : {}) : undefined;
  if (options.installed && options.infraFaultsFile !== undefined && !fakeApp) {
    throw new RunInputError("--infra-faults injects infrastructure faults into the fake app: with --target installed it needs a fake ego-browser this harness installed whose app is not running (the run starts it with the plan); a real Ego Lite, or an app already running, cannot take one");
  }
  try {
    return await runSuites(plan, runId, runner);
  } finally {
    await fakeApp?.stop();
  }
}

async function runSuites(plan: RunPlan, runId: string, runner: ClauseRunner | undefined): Promise<ExecutedRun> {
  const { options, selected } = plan;
  const detected = options.installed ? await detectInstalledOrThrow(plan) : undefined;
  const config: RunConfig = {
    target: options.target,
    runId,
    mutants: options.mutants,
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.pages !== undefined ? { pages: options.pages } : {}),
    ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
    ...(options.ungated ? { ungated: true } : {}),
    ...(detected ? { installed: detected.config } : {}),
    ...(options.installed?.keepOnFailure ? { keepOnFailure: true } : {}),
    // the infrastructure-fault plan goes to the in-process fake; an installed fake app was started with it
    ...(!options.installed && plan.infraFaults ? { infraFaults: plan.infraFaults } : {}),
    ...(options.noSlow ? { noSlow: true } : {}),
    ...(plan.record !== undefined ? { record: true } : {}),
    ...(plan.personaFile ? { personaFile: { name: plan.personaFile.name, version: plan.personaFile.version, features: plan.personaFile.features, openDetails: plan.personaFile.openDetails } } : {}),
  };
  const target = await resolveTarget(config);
  const info = target.info;
  if (!detected) await target.close();
  const executed = { runId: config.runId, ungated: config.ungated === true, info };

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
    return { ...executed, interrupted: null, unreachable: true };
  }
  const guard = await RunGuard.start({
    ...(detected ? { installed: target } : {}),
    info,
    runId: config.runId,
    resultsDir: options.resultsDir,
    harnessBugs: options.installed?.harnessBugs ?? [],
    invarianceSelected: selected(clauseById(INVARIANCE_CLAUSE_ID)),
  });

  let interrupted: NodeJS.Signals | null;
  let spacesLeft = false;
  // a write into --results that failed while vitest ran (a disk that filled): the run has no verdict
  let writeFailure: string | undefined;
  let endError: unknown;
  // what the workers put in the temp directory goes here, and goes when vitest has exited (src/scratch/scratch-dir.ts)
  // what earlier runs killed with SIGKILL left there (their marker, their owner gone) goes first
  const stale = await sweepStaleTemp();
  if (stale.length) process.stderr.write(`ego-conformance: removed ${stale.length} temporary director(ies) of harness processes that are gone: ${stale.join(", ")}\n`);
  const scratch = await openRunScratch();
  // the groups the workers start (their ego-browser launchers) are recorded there, and ended by this process
  const groupRecord = join(scratch.dir, "process-groups");
  adoptGroupRecord(groupRecord);
  try {
    for (const [index, phase] of plan.phases.entries()) {
      if (guard.interrupted !== null) break;
      // a later phase's progress line attributes with the earlier phases' failures, as the judge does
      const earlier = index === 0 ? undefined : await earlierFailures(options.resultsDir);
      // the workers record the spaces they make in the same run ledger as this process
      const env = { ...runConfigEnv(config), [RESULTS_DIR_ENV]: options.resultsDir, [PROGRESS_ENV]: "1", [PROGRESS_TARGET_ENV]: options.progressTarget ?? "", [LEDGER_ENV]: defaultLedgerPath(), [CLI_PID_ENV]: String(process.pid), [GROUPS_ENV]: groupRecord, ...(earlier !== undefined ? { [EARLIER_BROKEN_ENV]: earlier } : {}), ...scratch.env };
      if (runner?.accepts(phase)) await runPhaseIn(runner, phase, options, env, guard);
      else await runPhaseAsChild(phase, options, env, guard);
      writeFailure = await readResultsWriteFailure(scratch.dir);
      if (writeFailure !== undefined) break;
    }
  } finally {
    // What the workers started and left running (a launcher that outlived its script, one that
    // hung) is ended now that vitest is gone, before the cleanup, and the run says so.
    for (const line of describeGroupsEnd(await endGroups({ only: "recorded" }), "the run's vitest workers")) process.stderr.write(`${line}\n`);
    // Cleanup and the invariance check run whatever happened to vitest (Ctrl-C included).
    const keepOnFailure = options.installed?.keepOnFailure ?? false;
    // its invariance result may not be written (a full disk): the target is still closed and the scratch removed, then that error ends the run
    const ended = await guard.end({ runFailed: keepOnFailure ? await failedSoFarIn(plan) : false, keepOnFailure }).catch((error: unknown) => {
      endError = error;
      return { interrupted: guard.interrupted } satisfies RunGuardEnd as RunGuardEnd;
    });
    interrupted = ended.interrupted;
    // on an installed target, what the cleanup said: closed, or not all (it failed, had problems, or its bound ran out)
    if (detected) spacesLeft = ended.cleanup === undefined || ended.cleanup.error !== undefined || (ended.cleanup.outcome?.problems.length ?? 0) > 0;
    // the clause the run judges itself, after vitest, gets its progress line too (one count on every surface)
    if (ended.invarianceOutcome !== undefined) process.stderr.write(`${progressLine(options.progressTarget, 1, 1, new Map([[ended.invarianceOutcome, 1]]), INVARIANCE_CLAUSE_ID)} done\n`);
    // after an interrupt, closing the target is bounded too: a session cut short by the cleanup's bound may still be in flight
    if (detected) await (interrupted === null ? target.close() : Promise.race([target.close(), new Promise<void>((r) => setTimeout(r, 2000).unref())]));
    await scratch.remove();
  }
  if (writeFailure !== undefined) throw new OutputPathError(`the run's results in ${options.resultsDir} are incomplete, so the run has no verdict: ${writeFailure}`);
  if (endError !== undefined) throw endError;
  return { ...executed, interrupted, unreachable: false, ...(spacesLeft ? { spacesLeft } : {}) };
}

/** One phase in a vitest child of its own, its output on stderr; it ends with the run (Ctrl-C). */
async function runPhaseAsChild(phase: VitestPhase, options: RunPlan["options"], env: Record<string, string>, guard: RunGuard): Promise<void> {
  const vitest = startGroup(process.execPath, vitestArgv(phase, options), { cwd: PROJECT_ROOT, env, stdin: "ignore", stdout: 2, stderr: 2, reject: false });
  guard.onInterrupt(() => vitest.kill("SIGTERM"));
  const child = await vitest.catch((error: unknown) => error as { exitCode?: number; message: string });
  if (child.exitCode === undefined && guard.interrupted === null) throw new Error(`vitest could not be started: ${child.message}`);
}

/** One phase in the long-lived runner, with the environment a child would get; Ctrl-C cancels it. */
async function runPhaseIn(runner: ClauseRunner, phase: VitestPhase, options: RunPlan["options"], env: Record<string, string>, guard: RunGuard): Promise<void> {
  guard.onInterrupt((signal) => void runner.cancel(signal));
  await runner.runPhase(phase, options, env);
}

/** The clauses the run's results so far show failed, for a later phase's progress line (unreadable results: none). */
async function earlierFailures(resultsDir: string): Promise<string> {
  const results = await readResults(resultsDir).catch(() => []);
  return earlierBrokenEnv(observedBroken(results.flatMap((r) => attributionInputOf(r) ?? [])));
}

/**
 * When the CLI never answered detection (it hung or could not start), nothing can be checked:
 * every selected clause is written as broken with the reason, instead of starting suites that
 * would each wait for the same timeout.
 */
async function writeUnreachableResults(resultsDir: string, info: TargetInfo, clauses: readonly Clause[], reason: string): Promise<void> {
  const now = Date.now();
  for (const clause of clauses) {
    await writeClauseResult(resultsDir, { clause, target: info, status: "broken", message: `the installed target could not be reached: ${reason}`, start: now, stop: now });
  }
}

/**
 * Whether the results so far fail the run: --keep-on-failure keeps the task spaces of a failed
 * run. Read only when that flag asks (without it the answer changes nothing).
 */
async function failedSoFarIn(plan: RunPlan): Promise<boolean> {
  return readResults(plan.options.resultsDir).then((results) => failedSoFar(results, plan.selected), () => true);
}

/**
 * The run so far fails (results that cannot be read count as failing). The safety clause is left
 * out: the guard writes its result after this, so it would be unknown here and fail every run.
 */
export function failedSoFar(results: readonly TestResult[], selected: (clause: Clause) => boolean): boolean {
  return !summaryPassed(summarize(results, CATALOGUE, { selected: (clause) => selected(clause) && clause.id !== INVARIANCE_CLAUSE_ID }));
}

/** Detection for the installed target; a missing CLI is a run that cannot be made. */
async function detectInstalledOrThrow(plan: RunPlan): Promise<DetectedRun> {
  const { options } = plan;
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
