// The mutant check: the core suites run against deliberately broken fakes, and each mutant must
// be caught by exactly the clauses that own the broken rule (failed), while clauses that merely
// stand on it end as precondition failed (src/outcomes). Nothing else may move, and nothing breaks.
//
// How it runs (not what it checks): every entry is one CLI run, and E2E_WORKERS of them run at once
// in table order, started before the tests that read them (./run-ahead.ts); each test waits for its
// own run and judges it. A test filtered out (-t) starts no run.
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { ALLOWED, MUTANTS, PAGES_PROBE_CLAUSE } from "./table.js";
import { tempDir } from "../support/temp-dir.js";
import { E2E_WORKERS } from "../support/e2e-workers.js";
import { RunAhead } from "./run-ahead.js";

const ALLOWED_SUITE = "allowed deviation";
const MUTANT_SUITE = "mutant";

const runs = new RunAhead(E2E_WORKERS, (suite: string, fault: string) => {
  if (suite === ALLOWED_SUITE) {
    const allowed = ALLOWED[fault]!;
    return tempDir(`allowed-${fault}`).then((dir) => runCli(["run", "--json", "--no-report", "--pages", allowed.pages, "--area", allowed.area, "--fault", fault, "--results", dir]));
  }
  const expected = MUTANTS[fault]!;
  // a rule that does not depend on pages is judged on the page model: the whole suite on real
  // pages costs minutes per mutant, and the page clauses cannot tell such a fault apart
  const pages = expected.pagesOnly || expected.failedWithPages ? "chromium" : "model";
  return tempDir(`mutant-${fault}`).then((dir) => runCli(["run", "--json", "--no-report", "--pages", pages, "--fault", fault, "--results", dir]));
});

// the runs of the tests that will run, in their order (a suite's name is `<kind> <fault>`)
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, file) => runs.plan(file, [ALLOWED_SUITE, MUTANT_SUITE]));

describe.each(Object.entries(ALLOWED))(`${ALLOWED_SUITE} %s`, (fault, allowed) => {
  it(`passes (${allowed.why})`, { timeout: 240_000 }, async ({ skip }) => {
    const run = await runs.result(ALLOWED_SUITE, fault);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    if (allowed.pages === "chromium" && !summary.clauses.some((c) => c.id === PAGES_PROBE_CLAUSE && c.status !== "not-applicable")) skip("the fake has no real pages here (no Chromium): this deviation cannot show");
    expect(run.exitCode, run.stderr).toBe(0);
    expect(summary.clauses.filter((c) => !["passed", "unspecified", "not-applicable"].includes(c.status)).map((c) => `${c.id}: ${c.status}`)).toEqual([]);
    for (const id of allowed.observed) expect(summary.clauses.find((c) => c.id === id)?.status, id).toBe("unspecified");
  });
});

describe.each(Object.entries(MUTANTS))(`${MUTANT_SUITE} %s`, (fault, expected) => {
  it(`is caught by exactly the right clauses (${expected.why})`, { timeout: 240_000 }, async ({ skip }) => {
    const run = await runs.result(MUTANT_SUITE, fault);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    const withPages = summary.clauses.some((c) => c.id === PAGES_PROBE_CLAUSE && c.status !== "not-applicable");
    if (expected.pagesOnly && !withPages) skip("the fake has no real pages here (no Chromium): this fault cannot show");
    expect(run.exitCode, run.stderr).toBe(1);
    const having = (status: string) => summary.clauses.filter((c) => c.status === status).map((c) => c.id).sort();
    expect(having("failed")).toEqual([...expected.failed, ...(withPages ? (expected.failedWithPages ?? []) : [])].sort());
    expect(having("precondition-failed")).toEqual([...(expected.preconditionFailed ?? [])].sort());
    expect(having("broken")).toEqual([]);
    expect(having("unknown")).toEqual([]);
    // the in-process fake has no launcher: launcher.environment.not-forwarded is not applicable here
    // (test/installed/launcher.test.ts catches the environment-forwarded fault)
    // nor is launcher.exit.pending-cdp (test/installed/pending-cdp.test.ts catches pending-cdp-holds-script)
  });
});
