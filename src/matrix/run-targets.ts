/**
 * Running a matrix or one shard of it: each target goes through the run library as `run` would
 * take it, into its own results directory in the bundle. A target that cannot be reached is
 * recorded `unavailable` and one whose run fails `error`, never faked: its clauses are unknown.
 */
import { createNewFile, removeOwnFile } from "../files/owned-files.js";
import { availableParallelism } from "node:os";
import { prepareOwnedDir } from "../files/output-dir.js";
import { join, resolve } from "node:path";
import { ClauseRunner, defaultRunOptions, FAKE_WORKERS, runConformance, RunInputError, type RunOptions } from "../run/index.js";
import { collectResults } from "../run/collect.js";
import { BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, targetOutcomesFile, targetResultsDir, writeBundle, type Bundle, type LoadedBundle } from "./bundle.js";
import { collectTarget, outcomeWithoutResults, type TargetRun } from "./collect.js";
import { targetTranscriptFile } from "./fake-differences.js";
import type { TargetOutcome } from "./compat-schema.js";
import { selectionOf, selectionPredicate } from "./merge.js";
import { harnessInfo, NO_RUN_SETTINGS, type MatrixPlan, type RunSettings } from "./plan.js";
import { formatShard, shardSlice, type Shard } from "./shard.js";
import { describeSpec, targetRunOptions, type TargetSpec } from "./target-spec.js";
import { CATALOGUE } from "../contract/catalogue.js";
import type { PagesChoice } from "../contract/pages-choice.js";

/** Marks a directory as a bundle in the making, so a later run may replace it. */
const IN_PROGRESS = ".matrix-bundle-in-progress";

export interface RunTargetsOptions {
  plan: MatrixPlan;
  shard: Shard;
  /** where the bundle goes; an earlier bundle there is replaced, anything else is refused */
  bundleDir: string;
  /** one line per target started and finished */
  progress?: (line: string) => void;
  /** the fake targets' pages (`--pages`); installed targets show their own */
  fakePages?: PagesChoice;
  /** every target skips the clauses tagged slow (`--no-slow`), as run does */
  noSlow?: boolean;
  /**
   * runs one target with the options given (default: the real thing); tests replace it. Says when
   * Ctrl-C stopped it, and hands back its run (results and summary), which the column is made
   * from; a replacement that hands back nothing has its results directory read instead.
   */
  runTarget?: (spec: TargetSpec, options: RunOptions) => Promise<({ interrupted?: string } & Partial<TargetRun>) | void>;
  now?: () => Date;
  /** how many targets run at a time (default: matrixJobs) */
  jobs?: number;
  /** aborted on Ctrl-C or SIGTERM (its reason the signal): no target starts after it */
  signal?: AbortSignal;
  /** the vitest config the slots' runners start with (default: the conformance config); a test gives one that fails */
  runnerConfig?: string;
}

/**
 * How many targets run at once. Each fake target is a run of its own (its own workers, its own
 * fake, its own results; each slot's targets in one vitest of this process), so two overlap well
 * even on two cores: one's start-up and collection run while the other's clauses do. On the page
 * model a target mostly waits on its clauses' timers, so twice as many overlap for the same CPU
 * (docs/speed.md: 13 personas in 35 s instead of 57, the same CPU and statuses). Installed targets
 * share one host and the user's browser: with any installed target in the shard, one at a time.
 */
export function matrixJobs(specs: readonly TargetSpec[], requested?: number, pages?: PagesChoice): number {
  if (specs.some((s) => s.kind === "installed")) return 1;
  if (requested !== undefined) return Math.max(1, Math.floor(requested));
  const jobs = Math.max(1, Math.min(2, availableParallelism()));
  return pages === "model" ? 2 * jobs : jobs;
}

/** A run stopped by a signal: the bundle holds what ran; the rest is recorded as not run. */
export interface TargetsRun extends LoadedBundle {
  interrupted?: string;
}

export async function runTargets(options: RunTargetsOptions): Promise<TargetsRun> {
  const dir = resolve(options.bundleDir);
  const now = options.now ?? (() => new Date());
  const progress = options.progress ?? (() => {});
  await prepareBundleDir(dir);

  const specs = shardSlice(options.plan.targets, options.shard);
  // a shard of fake targets only runs them in vitests of this process (below); installed ones start their own
  const shared = options.runTarget === undefined && specs.length > 0 && specs.every((s) => s.kind !== "installed");
  const clauses = selectionOf(options.plan);
  const selected = selectionPredicate(options.plan.selection);
  const selection: Pick<RunOptions, "areas" | "grep"> = {
    areas: [...options.plan.selection.areas],
    ...(options.plan.selection.grep === null ? {} : { grep: new RegExp(options.plan.selection.grep) }),
  };
  const jobs = Math.min(matrixJobs(specs, options.jobs, options.fakePages), Math.max(specs.length, 1));
  // targets side by side share the cores: each fake target's vitest gets its share (at least one
  // worker). Every worker loads the whole harness, so on 2 cores two targets of one worker each
  // cost less CPU than two of two, with the same verdicts (docs/speed.md)
  const fakeWorkers = Math.max(1, Math.floor(FAKE_WORKERS / jobs));
  const outcomes: TargetOutcome[] = new Array<TargetOutcome>(specs.length);
  let interrupted: string | undefined;
  // shared: each slot below starts one vitest in this process and runs its targets in it one
  // after another (src/run/runner.ts), so vitest's start is paid once a slot, not once a target
  const runners: ClauseRunner[] = [];
  let runnerFailed = false;
  const startRunner = async (): Promise<ClauseRunner | undefined> => {
    if (runnerFailed) return undefined;
    try {
      const runner = await ClauseRunner.start({ maxWorkers: fakeWorkers, keepWorkers: true, ...(options.runnerConfig !== undefined ? { config: options.runnerConfig } : {}) });
      runners.push(runner);
      return runner;
    } catch (error) {
      // the targets still run, each with a vitest of its own, as without the runner; said once,
      // though both slots may have tried at the same time
      if (runnerFailed) return undefined;
      runnerFailed = true;
      progress(`matrix: one vitest for many targets could not start (${error instanceof Error ? error.message : String(error)}): each target starts its own`);
      return undefined;
    }
  };
  const runOne = async (i: number, spec: TargetSpec, runner: ClauseRunner | undefined): Promise<void> => {
    const runTarget = options.runTarget ?? ((_spec: TargetSpec, o: RunOptions) => runTargetForReal(o, runner));
    if (options.signal?.aborted) interrupted ??= String(options.signal.reason);
    if (interrupted !== undefined) {
      outcomes[i] = outcomeWithoutResults(spec, "error", `not run: the matrix was interrupted (${interrupted})`, clauses, { shard: options.shard });
      return;
    }
    const counter = `[${i + 1}/${specs.length}${options.shard.count > 1 ? ` of shard ${formatShard(options.shard)}` : ""}]`;
    progress(`matrix ${counter} ${spec.key}: ${describeSpec(spec)}`);
    const resultsDir = targetResultsDir(dir, spec.key);
    const startedAt = now().toISOString();
    let outcome: TargetOutcome;
    try {
      const ran = await runTarget(spec, { ...targetOptions(spec, selection, resultsDir, options.fakePages, options.plan.settings), ...(options.noSlow ? { noSlow: true } : {}), fakeWorkers });
      if (ran && ran.interrupted !== undefined) {
        interrupted ??= ran.interrupted;
        throw new Error(`interrupted (${ran.interrupted}) before it finished`);
      }
      const run: TargetRun = ran && ran.results !== undefined ? { results: ran.results, ...(ran.summary !== undefined ? { summary: ran.summary } : {}) } : { results: await collectResults(resultsDir) };
      outcome = collectTarget(spec, run, CATALOGUE, selected, { runId: null, startedAt, finishedAt: now().toISOString(), shard: options.shard });
    } catch (error) {
      const finishedAt = now().toISOString();
      const { availability, reason } = classifyFailure(error);
      outcome = outcomeWithoutResults(spec, availability, reason, clauses, { shard: options.shard, startedAt, finishedAt });
    }
    outcomes[i] = outcome;
    progress(`matrix ${counter} ${spec.key}: ${describeOutcome(outcome)}`);
  };
  // the targets in order, `jobs` at a time; each slot takes the next target when its own is done
  let next = 0;
  const slot = async (): Promise<void> => {
    let runner: ClauseRunner | undefined;
    while (next < specs.length) {
      const i = next++;
      if (shared && runner === undefined && interrupted === undefined && !options.signal?.aborted) runner = await startRunner();
      await runOne(i, specs[i]!, runner);
    }
  };
  try {
    await Promise.all(Array.from({ length: jobs }, slot));
  } finally {
    await Promise.all(runners.map((r) => r.close()));
  }

  const bundle: Bundle = {
    format: BUNDLE_FORMAT,
    formatVersion: BUNDLE_FORMAT_VERSION,
    createdAt: now().toISOString(),
    harness: harnessInfo(),
    plan: options.plan,
    shard: { ...options.shard },
    targets: [...outcomes],
  };
  const written = await writeBundle(dir, bundle);
  await removeOwnFile(join(dir, IN_PROGRESS));
  return { dir, bundle: written, ...(interrupted !== undefined ? { interrupted } : {}) };
}

/**
 * The run options of one target: what `ego-conformance run` with the target's flags, the matrix's
 * selection and run settings (`--ungated`, `--no-expectations`) and `--results DIR --outcomes FILE
 * --no-report` would get. The outcomes (what `gate` and `baseline save` read) go next to the
 * results, in the bundle, never over the user's
 * reports/outcomes.json. Every target records its transcript into its results directory (an
 * installed one would by default; a fake one is asked). `pages` is the fake targets' (an installed target shows its own).
 */
export function targetOptions(spec: TargetSpec, selection: Pick<RunOptions, "areas" | "grep">, resultsDir: string, pages?: PagesChoice, settings: RunSettings = NO_RUN_SETTINGS): RunOptions {
  const { expectationsFile, ...defaults } = defaultRunOptions();
  return {
    ...defaults,
    ...(expectationsFile !== undefined && !settings.noExpectations ? { expectationsFile } : {}),
    ...targetRunOptions(spec),
    ...selection,
    ...(settings.ungated ? { ungated: true } : {}),
    ...(spec.kind !== "installed" && pages !== undefined ? { pages } : {}),
    resultsDir,
    outcomesFile: targetOutcomesFile(resultsDir),
    // every target records, into its results: compat compares each with its build's fake column (fake-differences.ts)
    record: targetTranscriptFile(resultsDir),
    report: false,
    progressTarget: spec.key,
  };
}

/** The real run, in-process: the column is made from what it returns (its results and summary in memory). */
async function runTargetForReal(options: RunOptions, runner?: ClauseRunner): Promise<{ interrupted?: string } & TargetRun> {
  const { interrupted, results, summary } = await runConformance(options, runner);
  return { results, summary, ...(interrupted ? { interrupted } : {}) };
}

/**
 * Why a target gave no results. The harness cannot reach it (`unavailable`) when the run refuses
 * its options (a RunInputError) or the target resolver says it is unavailable; anything else is an
 * `error` of the run.
 */
export function classifyFailure(error: unknown): { availability: "unavailable" | "error"; reason: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RunInputError) return { availability: "unavailable", reason: `ego-conformance run does not accept this target here: ${message}` };
  if (error instanceof Error && error.name === "TargetUnavailableError") return { availability: "unavailable", reason: message };
  return { availability: "error", reason: `the run could not be made: ${message}` };
}

function describeOutcome(t: TargetOutcome): string {
  if (t.availability !== "ran") return `${t.availability}: ${t.reason ?? ""}`;
  const counts = new Map<string, number>();
  for (const cell of Object.values(t.cells)) counts.set(cell.status, (counts.get(cell.status) ?? 0) + 1);
  const parts = [...counts.entries()].map(([s, n]) => `${s} ${n}`);
  return `${t.label}: ${parts.join(", ")}`;
}

/**
 * The bundle directory starts empty. An earlier bundle (or one a crash left half made), marked as
 * the harness's, is removed; a directory holding anything else is refused, never deleted
 * (src/files/output-dir.ts).
 */
async function prepareBundleDir(dir: string): Promise<void> {
  await prepareOwnedDir(dir, "bundle", { what: "the matrix bundle directory" });
  await createNewFile(join(dir, IN_PROGRESS), "");
}
