// Through the real CLI: lint catches an expired and an orphaned entry; a known failure does not
// fail the run and is labelled for Allure's "Known failures"; an unexpected pass fails the run; a
// failure for another reason than recorded is not known; --update-expectations --write.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, type JsonSummary } from "../cli/run-cli.js";
import { entry, fileOf } from "./helpers.js";
import { tempDir } from "../support/temp-dir.js";

async function writeJson(value: unknown): Promise<string> {
  const file = join(await tempDir("exp"), "expectations.json");
  await writeFile(file, JSON.stringify(value, null, 2));
  return file;
}

async function labelsOf(resultsDir: string, clause: string): Promise<{ status: string; labels: { name: string; value: string }[]; links?: { url: string }[] }[]> {
  const out = [];
  for (const name of (await readdir(resultsDir)).filter((n) => n.endsWith("-result.json"))) {
    const r = JSON.parse(await readFile(join(resultsDir, name), "utf8"));
    if (r.labels.some((l: { name: string; value: string }) => l.name === "clause" && l.value === clause)) out.push(r);
  }
  return out;
}

const LOC = "snapshot.loc.omitted-not-sentinel";
const onUnstableLocators = { persona: "unstable-locators" };
/**
 * A run where exactly LOC fails: the persona prints loc=unstable, ungated, snapshot area only, on
 * the page model (on real pages the persona also fails the page locator clause, and these tests
 * are about expectations, not pages).
 */
const failingRun = (file: string, results: string, outcomes: string, ...more: string[]) =>
  runCli(["run", "--persona", "unstable-locators", "--ungated", "--area", "snapshot", "--pages", "model", "--json", "--no-report", "--expectations", file, "--results", results, "--outcomes", outcomes, ...more]);

describe("ego-conformance expectations lint", () => {
  it("fails on an expired and an orphaned entry, naming each", async () => {
    const file = await writeJson(fileOf(entry({ clause: "tabs.list.shape", expires: "2020-01-31" }), entry({ clause: "tabs.no-such-clause" })));
    const lint = await runCli(["expectations", "lint", file]);
    expect(lint.exitCode).toBe(1);
    expect(lint.stdout).toMatch(/entry #1 \(tabs\.list\.shape\): expired on 2020-01-31 .*\[expired\]/);
    expect(lint.stdout).toMatch(/entry #2 \(tabs\.no-such-clause\): 'tabs\.no-such-clause' matches no clause of the catalogue \[orphan\]/);
    expect(lint.stdout).toMatch(/2 entries, 2 problem\(s\)/);
  });

  it("reports every problem: all schema errors, and the checks over the entries that are well formed", async () => {
    const file = await writeJson({
      stray: true,
      entries: [
        { clause: "tabs.list.shape", expected: "failed" }, // two schema errors and more: not an array, fields missing
        entry({ clause: "tabs.no-such-clause", expires: "2020-01-31" }), // well formed: orphaned and expired
        { ...entry({ clause: "tabs.list.shape" }), owner: 7 },
      ],
    });
    const lint = await runCli(["expectations", "lint", file, "--json"]);
    expect(lint.exitCode, lint.stderr).toBe(1);
    const report = JSON.parse(lint.stdout) as { entries: number; problems: { check: string; entry?: number; message: string }[] };
    expect(report.entries).toBe(3);
    const seen = report.problems.map((p) => `${p.entry ?? "-"} ${p.check} ${p.message.split(":")[0]}`);
    expect(seen).toEqual(expect.arrayContaining(["- schema Unrecognized key", "0 schema expected", "0 schema reason", "1 orphan entry #2 (tabs.no-such-clause)", "1 expired entry #2 (tabs.no-such-clause)", "2 schema owner"]));
    for (const check of ["orphan", "expired"]) expect(report.problems.some((p) => p.entry === 1 && p.check === check), check).toBe(true);
    expect(report.problems.filter((p) => p.check === "schema").length).toBeGreaterThanOrEqual(4);
  });

  it("exits 2 on a file that is not JSON, in one paragraph", async () => {
    const file = join(await tempDir("exp"), "broken.json");
    await writeFile(file, "{ not json");
    const lint = await runCli(["expectations", "lint", file]);
    expect(lint.exitCode).toBe(2);
    expect(lint.stderr).toMatch(/^ego-conformance expectations lint: expectations file .*broken\.json is not JSON/);
    expect(lint.stderr).toMatch(/see `ego-conformance help expectations`$/);
  });

  it("passes the repository's own file, and cannot read a missing one (exit 2)", async () => {
    expect((await runCli(["expectations", "lint"])).exitCode).toBe(0);
    expect((await runCli(["expectations", "lint", "/nonexistent/expectations.json"])).exitCode).toBe(2);
  });
});

describe.concurrent("run --expectations", () => {
  it("makes a matching failure known: the run passes, the result carries expectation=known and the bug", { timeout: 120_000 }, async () => {
    const file = await writeJson(fileOf(entry({ clause: LOC, when: onUnstableLocators, message: "unstable", bug: "https://bugs.example.test/42" })));
    const results = await tempDir("known");
    const outcomes = join(await tempDir("known-o"), "outcomes.json");
    const run = await failingRun(file, results, outcomes);
    expect(run.exitCode, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.totals).toMatchObject({ known: 1, failed: 0 });
    expect(summary.clauses.find((c) => c.id === LOC)?.status).toBe("known");
    const [r] = await labelsOf(results, LOC);
    expect(r!.labels).toContainEqual({ name: "expectation", value: "known" });
    expect(r!.links).toContainEqual(expect.objectContaining({ url: "https://bugs.example.test/42" }));
    expect(JSON.parse(await readFile(outcomes, "utf8")).clauses[LOC]).toMatchObject({ status: "known", bugs: ["https://bugs.example.test/42"] });
  });

  it("does not make known a failure for another reason than recorded", { timeout: 120_000 }, async () => {
    const file = await writeJson(fileOf(entry({ clause: LOC, when: onUnstableLocators, message: "ambiguous frames" })));
    // the outcomes file beside the results directory, never inside it (the run empties that)
    const dir = await tempDir("mismatch");
    const results = join(dir, "results");
    const run = await failingRun(file, results, join(dir, "outcomes.json"));
    expect(run.exitCode, run.stderr).toBe(1);
    expect((JSON.parse(run.stdout) as JsonSummary).clauses.find((c) => c.id === LOC)?.status).toBe("failed");
  });

  it("fails the run on an expected failure that passes, until the entry is removed", { timeout: 120_000 }, async () => {
    const file = await writeJson(fileOf(entry({ clause: "snapshot.result-shape" })));
    // the outcomes file beside the results directory, never inside it (the run empties that)
    const dir = await tempDir("unexpected");
    const results = join(dir, "results");
    const run = await runCli(["run", "--area", "snapshot", "--pages", "model", "--json", "--no-report", "--expectations", file, "--results", results, "--outcomes", join(dir, "outcomes.json")]);
    expect(run.exitCode, run.stderr).toBe(1);
    const summary = JSON.parse(run.stdout) as JsonSummary;
    expect(summary.clauses.filter((c) => c.status === "failed").map((c) => c.id)).toEqual(["snapshot.result-shape"]);
    const [r] = await labelsOf(results, "snapshot.result-shape");
    expect(r!.status).toBe("failed");
    expect(r!.labels).toContainEqual({ name: "expectation", value: "unexpected-pass" });
    expect(JSON.stringify(r)).toMatch(/unexpected pass: remove the expectation entry #1 \(snapshot\.result-shape\)/);
  });

  it("--update-expectations --write adds the new failure (unreviewed: lint fails) and removes the stale entry", { timeout: 120_000 }, async () => {
    const file = await writeJson(fileOf(entry({ clause: "snapshot.result-shape" })));
    // the outcomes file beside the results directory, never inside it (the run empties that)
    const dir = await tempDir("update");
    const results = join(dir, "results");
    const run = await failingRun(file, results, join(dir, "outcomes.json"), "--update-expectations", "--write");
    expect(run.stderr).toMatch(/add 1 \(TODO for a human/);
    expect(run.stderr).toMatch(/- entry #1 \(snapshot\.result-shape\): unexpected pass/);
    const written = JSON.parse(await readFile(file, "utf8"));
    expect(written.entries).toEqual([expect.objectContaining({ clause: LOC, when: { target: "fake", persona: "unstable-locators", egoVersion: "0.5.1.13" }, expected: ["failed"], owner: "unassigned", bug: "TODO" })]);
    const lint = await runCli(["expectations", "lint", file]);
    expect(lint.exitCode).toBe(1);
    expect(lint.stdout).toMatch(/needs an owner and a bug link .*\[unreviewed\]/);
  });
});
