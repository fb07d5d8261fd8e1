// Output paths ("never destroy what is not ours"): the harness empties a directory only
// when it is missing, empty, or carries its own marker; anything else is refused with exit 2, a
// message naming the path, and nothing deleted, before the suite runs. Reports are swapped in
// whole: Ctrl-C while one is generated keeps the earlier one.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { markerName } from "../../src/files/output-dir.js";
import { runCli, startCli, STACK_LINE } from "./run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { slowGenerator } from "../support/slow-generator.js";

/** A working directory holding a file a careless `rm -r` would take. */
async function workingDir(): Promise<{ cwd: string; canary: string }> {
  const cwd = await tempDir("cwd");
  const canary = join(cwd, "my-thesis.txt");
  await writeFile(canary, "years of work");
  return { cwd, canary };
}

const QUICK = ["run", "--no-report", "--area", "task-state"];

describe.concurrent("run refuses output paths it does not own (exit 2, nothing deleted)", { timeout: 90_000 }, () => {
  it.each([
    ["an empty --results", ""],
    ["--results .", "."],
  ])("%s", async (_what, value) => {
    const { cwd, canary } = await workingDir();
    const run = await runCli([...QUICK, "--results", value, "--outcomes", join(cwd, "o.json")], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/ego-conformance run: .*--results/);
    expect(run.stderr).toMatch(/see `ego-conformance help run`/);
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(await readFile(canary, "utf8")).toBe("years of work");
    expect(existsSync(join(cwd, "o.json"))).toBe(false);
  });

  it("--results naming a file", async () => {
    const { cwd, canary } = await workingDir();
    const run = await runCli([...QUICK, "--results", "my-thesis.txt", "--outcomes", join(cwd, "o.json")], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(canary);
    expect(run.stderr).toMatch(/is a file/);
    expect(await readFile(canary, "utf8")).toBe("years of work");
  });

  it("--results naming a foreign directory (reports/ holding other files)", async () => {
    const { cwd } = await workingDir();
    const reports = join(cwd, "reports");
    await mkdir(reports);
    await writeFile(join(reports, "quarterly.pdf"), "numbers");
    const run = await runCli([...QUICK, "--results", "reports", "--outcomes", join(cwd, "o.json")], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(reports);
    expect(run.stderr).toContain(markerName("results"));
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(await readdir(reports)).toEqual(["quarterly.pdf"]);
  });

  it("--report on a foreign directory is refused before the results and outcomes are replaced", async () => {
    const { cwd } = await workingDir();
    const results = join(cwd, "results");
    const outcomes = join(cwd, "outcomes.json");
    // an earlier run's results (made by the harness) and outcomes
    const first = await runCli([...QUICK, "--results", results, "--outcomes", outcomes], { cwd });
    expect(first.exitCode, first.stderr).toBe(0);
    const before = { results: (await readdir(results)).sort(), outcomes: await readFile(outcomes, "utf8") };
    const foreign = join(cwd, "site");
    await mkdir(foreign);
    await writeFile(join(foreign, "index.html"), "<p>my homepage</p>");
    const run = await runCli(["run", "--area", "task-state", "--results", results, "--outcomes", outcomes, "--report", foreign], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--report/);
    expect(run.stderr).toContain(foreign);
    expect(run.stderr).not.toMatch(/conformance \[/); // no suite ran
    expect(await readFile(join(foreign, "index.html"), "utf8")).toBe("<p>my homepage</p>");
    expect((await readdir(results)).sort()).toEqual(before.results);
    expect(await readFile(outcomes, "utf8")).toBe(before.outcomes);
  });

  it("--outcomes inside --report is refused before the run starts", async () => {
    const { cwd } = await workingDir();
    const run = await runCli(["run", "--area", "task-state", "--results", join(cwd, "r"), "--report", join(cwd, "h"), "--outcomes", join(cwd, "h", "o.json")], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--outcomes .*o\.json is inside --report .*h, which the run empties or replaces/);
    expect(run.stdout).not.toMatch(/clauses\]/); // no suite ran
    expect(existsSync(join(cwd, "r"))).toBe(false);
    expect(existsSync(join(cwd, "h"))).toBe(false);
  });

  it("--outcomes naming a directory is refused up front and leaves no temporary file", async () => {
    const { cwd } = await workingDir();
    const dir = join(cwd, "outcomes-dir");
    await mkdir(dir);
    const run = await runCli([...QUICK, "--results", join(cwd, "r"), "--outcomes", dir], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/--outcomes .*is a directory/);
    expect((await readdir(cwd)).filter((n) => n.includes("tmp"))).toEqual([]);
    expect(existsSync(join(cwd, "r"))).toBe(false);
  });

  it("matrix --out with a foreign report directory inside is refused before any target runs", async () => {
    const { cwd } = await workingDir();
    const foreign = join(cwd, "out", "compat-allure", "report");
    await mkdir(foreign, { recursive: true });
    await writeFile(join(foreign, "slides.html"), "mine");
    // compat-allure/ itself is the harness's (marked): what is judged is the report folder inside it
    await writeFile(join(cwd, "out", "compat-allure", ".ego-conformance-allure"), "made by ego-conformance\n");
    const run = await runCli(["matrix", "--personas", "current", "--area", "task-state", "--out", join(cwd, "out")], { cwd });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^ego-conformance matrix: refusing matrix --out \(compat-allure\/report\/\)/);
    expect(run.stderr).toContain(foreign);
    expect(run.stderr).not.toMatch(/matrix \[1\//); // no target ran
    expect(existsSync(join(cwd, "out", "matrix"))).toBe(false);
    expect(await readdir(foreign)).toEqual(["slides.html"]);
  });

  it("a results directory the harness made is replaced by the next run", async () => {
    const { cwd } = await workingDir();
    const results = join(cwd, "results");
    for (let i = 0; i < 2; i++) {
      const run = await runCli([...QUICK, "--results", results, "--outcomes", join(cwd, "o.json")], { cwd });
      expect(run.exitCode, run.stderr).toBe(0);
      expect(await readdir(results)).toContain(markerName("results"));
    }
    expect((await readdir(results)).filter((n) => n.endsWith("-result.json"))).toHaveLength(2);
  });
});

describe("Ctrl-C during report generation", () => {
  it("keeps the earlier report whole and leaves no temporary directory", { timeout: 120_000 }, async () => {
    const { cwd } = await workingDir();
    const report = join(cwd, "report");
    await mkdir(report);
    await writeFile(join(report, markerName("report")), "");
    await writeFile(join(report, "index.html"), "the earlier report");
    // a report generator that writes part of a report, says so, and waits to be stopped
    const { generator, started } = await slowGenerator(cwd);
    const child = startCli(["run", "--area", "task-state", "--results", join(cwd, "results"), "--outcomes", join(cwd, "o.json"), "--report", report], {
      cwd,
      env: { ...(process.env as Record<string, string>), EGO_CONFORMANCE_ALLURE_CLI: generator },
    });
    let exited = false;
    void child.finally(() => (exited = true));
    // wait for the generator's own word that it is writing (bounded by the child's exit and the test timeout)
    while (!existsSync(started) && !exited) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(started), "the report generator never started").toBe(true);
    child.kill("SIGINT");
    const run = await child;
    expect(run.exitCode, run.stderr).toBe(130);
    expect(run.stderr).toMatch(/earlier report is kept/);
    expect(await readFile(join(report, "index.html"), "utf8")).toBe("the earlier report");
    expect((await readdir(cwd)).filter((n) => n.startsWith(".report."))).toEqual([]);
    // the generator was stopped with the run
    const pid = Number(await readFile(started, "utf8"));
    expect(() => process.kill(pid, 0)).toThrow();
  });
});
