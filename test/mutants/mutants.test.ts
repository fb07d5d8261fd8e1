// The mutant check: the core suites run against deliberately broken fakes, and each mutant must
// be caught by exactly the clauses that own the broken rule (failed), while clauses that merely
// stand on it end as precondition failed (src/outcomes). Nothing else may move, and nothing breaks.
//
// Each mutant is also "a real build" for the verified fake (docs/verified-fake.md): its
// run records (`--record`), and its recording is compared with ONE recording of the plain fake
// made the same way, on the same pages (src/recording/compare.ts, what verify-fake and diff use).
// The judged differences must be exactly at the clauses the table names for the mutant, none
// elsewhere, and name the fake as the defect. Which clauses may differ comes from the table
// (mustDiffer below): the owners and the clauses that stand on the broken rule, whose verdicts move;
// and the clauses whose verdict holds but whose calls the mutant changes, named in the table
// (alsoDiffers, and alsoDiffersWithPages on real pages; mayDifferWithPages where Chromium decides whether
// the recording shows it: allowed, not required) or, for a mutant that changes every answer
// of one method, every clause the plain fake answered through it (differsAtCallsOf), at those
// calls only. One mutant's recording also goes through the `verify-fake` CLI itself (exit 1, its
// JSON). Polls, node ids and refIds are normalised, so two plain recordings on real pages compare
// clean (test/recording/recordings.test.ts).
// On real pages it was switched off for a while: a fresh-clone CI run saw a judged difference at
// snapshot.page.loc.unique under cdp-restarts-on-new-invocation, a clause that mutant does not
// touch. The cause was the fixture-page wait, which stopped at the page's heading while Chromium
// was still parsing the rest: each fixture page now ends with a paragraph the wait looks for
// (suites/snapshot/fixture-page.ts), and real pages are compared again.
//
// How it runs (not what it checks): the mutants go through the `matrix` command as targets, one
// `matrix --mutant A --mutant B ... --pages P --no-allure --json --out DIR` for the page-model
// mutants and one for the real-pages ones, so vitest, its workers and the loaded harness start once
// per matrix, not once per mutant (src/matrix/run-targets.ts). Each target's statuses and verdict
// are read from the outcomes file its run wrote into the bundle (`passed` is what `run` exits 1
// on), its recording from its results directory there. The allowed deviations go the same way, one
// matrix for those that share their --pages and --area (a matrix's selection is every target's).
// The two plain recordings stay `run`s: the matrix has no target that is the plain default fake
// (with no target flag it runs every persona). The runs and the matrices go RUNS_AT_ONCE slots at a
// time (a matrix takes as many as it runs targets at once), in file order, started before the tests
// that read them (./run-ahead.ts): the plain recordings, the mutants' matrices, then the allowed
// deviations', which are last in the file for that. Each test waits for its own run or matrix and
// judges its own target. A test filtered out (-t) starts no run, and its mutant is no target.
// What that saves against one run per mutant: docs/speed.md.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";
import { ALLOWED, MUTANTS, PAGES_PROBE_CLAUSE } from "./table.js";
import { tempDir } from "../support/temp-dir.js";
import { CORES } from "../support/e2e-workers.js";
import { RunAhead } from "./run-ahead.js";
import { whyBroken } from "../support/why-broken.js";
import { join } from "node:path";
import { compareTranscripts } from "../../src/recording/compare.js";
import { readTranscript, type Transcript } from "../../src/recording/transcript.js";
import { defectOf } from "../../src/cli/verify-fake.js";
import { bundleDirFor } from "../../src/matrix/make-matrix.js";
import { WHOLE } from "../../src/matrix/shard.js";
import { mutantTarget } from "../../src/matrix/target-spec.js";
import { targetOutcomesFile, targetResultsDir } from "../../src/matrix/bundle.js";
import { targetTranscriptFile } from "../../src/matrix/fake-differences.js";
import { matrixJobs } from "../../src/matrix/run-targets.js";
import { readOutcomes } from "../../src/gate/outcomes-file.js";

const ALLOWED_SUITE = "allowed deviation";
const MUTANT_SUITE = "mutant";
const PLAIN_SUITE = "plain fake";
/** the mutant whose recording also goes through the verify-fake CLI (the docs' worked example) */
const VERIFIED_BY_CLI = "claim-selects";

interface Run {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** the run's transcript (`--record`) */
  transcript: string;
  /** the run's results directory */
  results: string;
}

/** One `matrix` of mutant targets (mutants or allowed deviations): the command's own outcome, and its bundle. */
interface MutantMatrix {
  exitCode: number | undefined;
  stdout: string;
  stderr: string;
  /** the bundle directory: each target's results, outcomes and transcript are in it */
  bundle: string;
}

/** What `matrix --json` says of each target (src/matrix/terminal.ts). */
interface MatrixJson {
  clean: boolean;
  warnings: string[];
  targets: { key: string; availability: string; reason?: string }[];
}

/** the pages the plain fake is recorded on: every mutant's recording is compared with the plain one on its pages */
const COMPARED_PAGES = ["model", "chromium"];

const pagesOf = (expected: (typeof MUTANTS)[string]) => (expected.pagesOnly || expected.failedWithPages ? "chromium" : "model");

/** The bound on one run, as on any CLI run of the self-tests; a matrix gets it once per target. */
const RUN_MS = 120_000;
/** A mutant's test waits for its whole matrix, which may be queued behind the other: both matrices' bounds, and a run's. */
const MUTANT_TEST_MS = RUN_MS * (Object.keys(MUTANTS).length + 1);
/** An allowed deviation's test waits for its matrix, queued behind the others of its kind. */
const ALLOWED_TEST_MS = RUN_MS * (Object.keys(ALLOWED).length + 1);

/** The plain fake on these pages, the whole catalogue, recorded. */
async function runPlain(pages: string): Promise<Run> {
  const dir = await tempDir(`plain-${pages}`);
  const transcript = join(dir, "transcript.json");
  const results = join(dir, "results");
  // it goes beside the matrices: one clause file at a time spends less CPU than two (docs/speed.md)
  const run = await runCli(["run", "--json", "--no-report", "--workers", "1", "--pages", pages, "--results", results, "--record", transcript], { timeoutMs: RUN_MS });
  return { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr, results, transcript };
}

/** Mutants on one kind of pages, with one selection, as the targets of one matrix; every target records into its results. */
async function matrixOfMutants(label: string, pages: string, areas: readonly string[], mutants: readonly string[]): Promise<MutantMatrix> {
  const out = join(await tempDir(label), "out");
  const run = await runCli(["matrix", ...mutants.flatMap((m) => ["--mutant", m]), "--pages", pages, ...areas.flatMap((a) => ["--area", a]), "--no-allure", "--json", "--out", out], { timeoutMs: RUN_MS * mutants.length });
  return { exitCode: run.exitCode, stdout: run.stdout, stderr: run.stderr, bundle: bundleDirFor(out, WHOLE, false) };
}

/**
 * Slots at once: one per core, and one more. A run is one worker and takes one; a matrix takes as
 * many as it runs targets at once (one worker each). A run waits on its CLI, its vitest and, on
 * real pages, Chromium: two at a time left the machine half idle (load 3.5 of 2 cores, the file
 * alone; docs/speed.md).
 */
const RUNS_AT_ONCE = CORES + 1;

/**
 * The slots a matrix of these mutants takes: the targets it runs at once, one worker each
 * (src/matrix/run-targets.ts), on real pages; on the page model it runs twice as many, which mostly
 * wait on their clauses' timers and together take about the CPU of two.
 */
const matrixWidth = (mutants: readonly string[]) => Math.min(matrixJobs(mutants.map(mutantTarget)), mutants.length);
/** The allowed deviations that go in one matrix: the same pages and the same areas. */
const allowedGroup = (mutant: string) => `${ALLOWED[mutant]!.pages}:${[...ALLOWED[mutant]!.areas].sort().join(",")}`;

const runs = new RunAhead<Run | MutantMatrix>(
  RUNS_AT_ONCE,
  (suite, key, keys) => {
    // a rule that does not depend on pages is judged on the page model: the whole suite on real
    // pages costs minutes per mutant, and the page clauses cannot tell such a mutant apart
    if (suite === MUTANT_SUITE) return matrixOfMutants(`mutants-${key}`, key, [], keys);
    // the group's deviations share their pages and areas
    if (suite === ALLOWED_SUITE) return matrixOfMutants("allowed", ALLOWED[keys[0]!]!.pages, ALLOWED[keys[0]!]!.areas, keys);
    // the recordings every mutant's is compared with: the plain fake, the whole catalogue, as the mutants run
    return runPlain(key);
  },
  // the selected mutants on the same pages are one matrix, and the allowed deviations with the same pages and areas
  { [MUTANT_SUITE]: { groupOf: (mutant) => pagesOf(MUTANTS[mutant]!), width: matrixWidth }, [ALLOWED_SUITE]: { groupOf: allowedGroup, width: matrixWidth } },
);

const runOf = async (suite: string, key: string) => (await runs.result(suite, key)) as Run;

/**
 * A mutant's target in its matrix: what its run wrote into the bundle, and the matrix. A target
 * that did not run fails its test with the matrix's reason, as a matrix that did not finish fails
 * it with its output.
 */
async function targetOf(suite: string, mutant: string) {
  const matrix = (await runs.result(suite, mutant)) as MutantMatrix;
  let shown: MatrixJson;
  try {
    shown = JSON.parse(matrix.stdout) as MatrixJson;
  } catch {
    throw new Error(`the matrix printed no JSON (exit ${matrix.exitCode}): ${matrix.stderr.slice(-4000)}`);
  }
  const key = mutantTarget(mutant).key;
  const target = shown.targets.find((t) => t.key === key);
  expect(target, `target ${key} in the matrix's output`).toBeDefined();
  expect(`${target!.availability}${target!.reason !== undefined ? `: ${target!.reason}` : ""}`, `target ${key}`).toBe("ran");
  const results = targetResultsDir(matrix.bundle, key);
  const outcomes = await readOutcomes(targetOutcomesFile(results));
  const clauses = Object.entries(outcomes.clauses).map(([id, c]) => ({ id, status: c.status }));
  return { matrix, shown, results, outcomes, clauses, transcript: targetTranscriptFile(results) };
}

/** the channels of a call a method answered (not a refusal: a throw, a rejection, an error callback) */
const ANSWERED = new Set(["returned", "resolved"]);

/**
 * The clauses a mutant's recording must differ in, judged, from the plain fake's (beyond them only
 * the table's mayDifferWithPages may), all from the table: its owners (failed) and the clauses
 * standing on its rule (precondition failed), whose verdicts move; the clauses it names whose verdict holds but whose calls it changes
 * (alsoDiffers); and, for a mutant that changes every answer of a method (differsAtCallsOf), each
 * clause the plain fake's recording shows answered by it (a call that returned: a refusal, a
 * thrown TypeError, stays as it was).
 */
function mustDiffer(expected: (typeof MUTANTS)[string], plain: Transcript, withPages: boolean): string[] {
  const calling = expected.differsAtCallsOf === undefined ? [] : plain.clauses.filter((c) => c.tests.some((t) => t.calls.some((call) => call.method === expected.differsAtCallsOf && ANSWERED.has(call.channel) && !call.failed))).map((c) => c.id);
  return [...new Set([...verdictMoves(expected, withPages), ...alsoDiffer(expected, withPages), ...calling])].sort();
}

/** The clauses whose verdict the mutant moves: its owners, and the clauses standing on its rule. */
const verdictMoves = (expected: (typeof MUTANTS)[string], withPages: boolean) => [...expected.failed, ...(withPages ? (expected.failedWithPages ?? []) : []), ...(expected.preconditionFailed ?? [])];
/** The clauses the table names whose verdict holds but whose calls the mutant changes. */
const alsoDiffer = (expected: (typeof MUTANTS)[string], withPages: boolean) => [...(expected.alsoDiffers ?? []), ...(withPages ? (expected.alsoDiffersWithPages ?? []) : [])];

// the runs of the tests that will run, in their order (a suite's name is `<kind> <mutant>`)
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, file) => runs.plan(file, [PLAIN_SUITE, MUTANT_SUITE, ALLOWED_SUITE]));

// first in the file, so their runs are queued first: the mutants' comparisons wait for them
describe.each(COMPARED_PAGES)(`${PLAIN_SUITE} %s`, (pages) => {
  it("passes, recorded (what each mutant's recording on these pages is compared with)", { timeout: 2 * RUN_MS }, async () => {
    const run = await runOf(PLAIN_SUITE, pages);
    expect(run.exitCode, run.stderr).toBe(0);
    expect((await readTranscript(run.transcript)).target.mutants).toEqual([]);
  });
});

describe.each(Object.entries(MUTANTS))(`${MUTANT_SUITE} %s`, (mutant, expected) => {
  it(`is caught by exactly the right clauses (${expected.why})`, { timeout: MUTANT_TEST_MS }, async ({ skip }) => {
    const target = await targetOf(MUTANT_SUITE, mutant);
    const { clauses } = target;
    // every target is a mutant, so the matrix is not clean: exit 1, not a usage error or a crash
    expect(target.matrix.exitCode, target.matrix.stderr).toBe(1);
    expect(target.shown.clean).toBe(false);
    const withPages = clauses.some((c) => c.id === PAGES_PROBE_CLAUSE && c.status !== "not-applicable");
    if (expected.pagesOnly && !withPages) skip("the fake has no real pages here (no Chromium): this mutant cannot show");
    // the verdict `run` exits 1 on (summaryPassed), as its run wrote it
    expect(target.outcomes.passed, `the verdict of ${mutant}'s run`).toBe(false);
    const having = (status: string) => clauses.filter((c) => c.status === status).map((c) => c.id).sort();
    expect(having("failed")).toEqual([...expected.failed, ...(withPages ? (expected.failedWithPages ?? []) : [])].sort());
    expect(having("precondition-failed")).toEqual([...(expected.preconditionFailed ?? [])].sort());
    expect(having("broken"), await whyBroken(target.results)).toEqual([]);
    expect(having("unknown")).toEqual([]);
    // the in-process fake has no launcher: launcher.environment.not-forwarded is not applicable here
    // (test/installed/launcher.test.ts catches the environment-forwarded mutant)
    // nor is launcher.exit.pending-cdp (test/installed/pending-cdp.test.ts catches pending-cdp-holds-script)
    // the verified fake: the recording differs from the plain fake's on the same pages, judged, exactly where the table says
    const plain = await readTranscript((await runOf(PLAIN_SUITE, pagesOf(expected))).transcript);
    const recording = await readTranscript(target.transcript);
    expect(recording.target.mutants).toEqual([mutant]);
    const judged = compareTranscripts(recording, plain).differences.filter((d) => d.judged);
    const owners = mustDiffer(expected, plain, withPages);
    const optional = new Set(withPages ? (expected.mayDifferWithPages ?? []) : []);
    const required = (differences: { clause: string; judged: boolean }[]) => [...new Set(differences.filter((d) => d.judged && !optional.has(d.clause)).map((d) => d.clause))].sort();
    expect(required(judged), "clauses with judged differences from the plain fake").toEqual(owners);
    // a clause that differs only for calling the changed method differs at those calls, and nowhere else
    const tableNames = new Set([...verdictMoves(expected, withPages), ...alsoDiffer(expected, withPages), ...optional]);
    const elsewhere = judged.filter((d) => !tableNames.has(d.clause) && !(d.call ?? "").endsWith(` ${expected.differsAtCallsOf}`));
    expect(elsewhere, `differences not at calls of ${expected.differsAtCallsOf}`).toEqual([]);
    expect(defectOf(recording)).toBe("the fake");
    if (mutant !== VERIFIED_BY_CLI) return;
    const verify = await runCli(["verify-fake", target.transcript, "--pages", "model", "--json"], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stderr).toBe(1);
    const out = JSON.parse(verify.stdout) as { defect: string; differences: { clause: string; judged: boolean }[] };
    expect(out.defect).toBe("the fake");
    expect(required(out.differences)).toEqual(owners);
  });
});

// last in the file, so their matrices are queued after the ones the mutants' tests wait for
describe.each(Object.entries(ALLOWED))(`${ALLOWED_SUITE} %s`, (mutant, allowed) => {
  it(`passes (${allowed.why})`, { timeout: ALLOWED_TEST_MS }, async ({ skip }) => {
    const target = await targetOf(ALLOWED_SUITE, mutant);
    const { clauses } = target;
    // real pages ran when the probe clause or the observed ones (which need them) did: an area run may lack the probe
    const ranOnPages = clauses.some((c) => (c.id === PAGES_PROBE_CLAUSE || allowed.observed.includes(c.id)) && c.status !== "not-applicable");
    if (allowed.pages === "chromium" && !ranOnPages) skip("the fake has no real pages here (no Chromium): this deviation cannot show");
    // the verdict `run` exits 0 on (summaryPassed), as its run wrote it
    expect(target.outcomes.passed, `the verdict of ${mutant}'s run`).toBe(true);
    expect(clauses.filter((c) => !["passed", "unspecified", "not-applicable"].includes(c.status)).map((c) => `${c.id}: ${c.status}`)).toEqual([]);
    for (const id of allowed.observed) expect(clauses.find((c) => c.id === id)?.status, id).toBe("unspecified");
    // the matrix is clean when every deviation in it is: a test whose own target passed names the others
    const others = await Promise.all(target.shown.targets.map(async (t) => (t.availability !== "ran" ? `${t.key} (${t.availability})` : (await readOutcomes(targetOutcomesFile(targetResultsDir(target.matrix.bundle, t.key)))).passed ? [] : t.key)));
    expect(target.matrix.exitCode, `the matrix: targets that did not pass: ${others.flat().join(", ") || "none"}; warnings: ${target.shown.warnings.join("; ") || "none"}`).toBe(0);
    expect(target.shown.clean).toBe(true);
  });
});
