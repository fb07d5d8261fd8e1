// Ctrl-C and SIGTERM in the commands that make temporary folders and half-built outputs: each
// ends with 130 or 143 and one line that says it was interrupted, and leaves none of its
// `ego-conformance-*` folders in the temp directory (a private TMPDIR per test, listed after).
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, startCli } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { slowGenerator } from "../support/slow-generator.js";
import { markerName } from "../../src/files/output-dir.js";

/** Resolves once `found()` is true; fails after `withinMs`. */
async function until(found: () => Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await found())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether a folder under `tmp` named `prefix*` holds, somewhere below it, a file named like `suffix`. */
async function holdsFile(tmp: string, prefix: string, suffix: string): Promise<boolean> {
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    if (!name.startsWith(prefix)) continue;
    const files = await readdir(join(tmp, name), { recursive: true }).catch(() => [] as string[]);
    if (files.some((f) => String(f).endsWith(suffix))) return true;
  }
  return false;
}

const interruptedLines = (stderr: string) => stderr.split("\n").filter((l) => /interrupted/i.test(l));

/** One recording of the fake (the arguments area: enough clauses to interrupt its replay), made once. */
let recordingMade: Promise<string> | undefined;
function recordingOnce(): Promise<string> {
  recordingMade ??= (async () => {
    const dir = await tempDir("verify-int-recording");
    const recording = join(dir, "recording.json");
    const made = await runCli(["run", "--no-report", "--no-expectations", "--pages", "model", "--area", "arguments", "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json"), "--record", recording, "--workers", "1"], { timeoutMs: 150_000 });
    expect(made.exitCode, made.stderr).toBe(0);
    return recording;
  })();
  return recordingMade;
}

describe("verify-fake, interrupted during its replay", () => {
  it.each([["SIGINT", 130], ["SIGTERM", 143]] as const)("%s: exit %i, one interrupted line, no unreadable recording, its folder removed", { timeout: 180_000 }, async (signal, status) => {
    const dir = await tempDir(`verify-int-${signal}`);
    const recording = await recordingOnce();
    const tmp = join(dir, "tmp");
    await mkdir(tmp);
    const verify = startCli(["verify-fake", recording, "--pages", "model"], { env: { TMPDIR: tmp } });
    // mid-replay: the replay's results folder holds a result
    await until(() => holdsFile(tmp, "ego-conformance-verify-", "-result.json"), 120_000, "a replayed result");
    verify.kill(signal);
    const ended = await verify;
    expect(ended.exitCode, ended.stderr).toBe(status);
    expect(ended.stderr).not.toMatch(/cannot read transcript/);
    expect(interruptedLines(ended.stderr), ended.stderr).toHaveLength(1);
    expect(await readdir(tmp), "left in TMPDIR").toEqual([]);
  });
});

describe("run, interrupted while its clauses run", () => {
  it.each([["SIGINT", 130], ["SIGTERM", 143]] as const)("%s: exit %i, one interrupted line, no results lock or temporary folder left", { timeout: 180_000 }, async (signal, status) => {
    const dir = await tempDir(`run-int-${signal}`);
    const tmp = join(dir, "tmp");
    await mkdir(tmp);
    const results = join(dir, "results");
    const run = startCli(["run", "--pages", "model", "--no-report", "--results", results, "--outcomes", join(dir, "o.json")], { env: { TMPDIR: tmp } });
    // mid-run: a clause's result written
    await until(async () => (await readdir(results).catch(() => [] as string[])).some((f) => f.endsWith("-result.json")), 120_000, "a clause's result");
    run.kill(signal);
    const ended = await run;
    expect(ended.exitCode, ended.stderr).toBe(status);
    expect(interruptedLines(ended.stderr), ended.stderr).toEqual([`ego-conformance: the run was interrupted (${signal}); its task spaces were closed; no new report was written (an earlier one is kept)`]);
    expect((await readdir(dir)).filter((f) => f.endsWith("-lock")), "results lock").toEqual([]);
    expect(await readdir(tmp), "left in TMPDIR").toEqual([]);
  });
});

/** the mark that makes compat-allure/ the harness's own (src/files/output-dir.ts) */
const ALLURE_MARKER = markerName("allure");

describe("matrix, interrupted while its targets run", () => {
  it("exit 130, the bundle written with what ran and the rest not run, no temporary folder left", { timeout: 180_000 }, async () => {
    const dir = await tempDir("matrix-int-targets");
    const tmp = join(dir, "tmp");
    await mkdir(tmp);
    const out = join(dir, "out");
    // every persona: however many targets run at once (four on the page model), when the first is
    // done most are not started, and the slot it freed has started the next
    const matrix = startCli(["matrix", "--personas", "all", "--pages", "model", "--no-allure", "--out", out], { env: { TMPDIR: tmp } });
    let stderr = "";
    matrix.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    await until(async () => /matrix \[\d+\/\d+\] [a-z0-9-]+: [^\n]*\bpassed \d+/.test(stderr), 150_000, "the matrix's first target");
    matrix.kill("SIGINT");
    const m = await matrix;
    expect(m.exitCode, m.stderr).toBe(130);
    expect(m.stderr).toMatch(/ego-conformance matrix: interrupted \(SIGINT\); the bundle in .* holds what ran/);
    const bundle = JSON.parse(await readFile(join(out, "matrix", "bundle.json"), "utf8")) as { targets: { availability: string; reason?: string }[] };
    expect(bundle.targets.filter((t) => t.availability === "ran").length, "targets that ran").toBeGreaterThan(0);
    const notRun = bundle.targets.filter((t) => t.availability !== "ran");
    expect(notRun.length, "targets cut short or not started").toBeGreaterThan(0);
    for (const t of notRun) expect(t.reason).toMatch(/interrupted \(SIGINT\)/);
    expect(await readdir(tmp), "left in TMPDIR").toEqual([]);
  });
});

describe("matrix and report --merge, interrupted in their Allure step", () => {
  it("exit 130 and 143, one interrupted line each, no half-built report, no temporary folder left", { timeout: 180_000 }, async () => {
    const dir = await tempDir("matrix-int");
    const tmp = join(dir, "tmp");
    await mkdir(tmp);
    const out = join(dir, "out");
    const slow = await slowGenerator(dir);
    const env = { TMPDIR: tmp, EGO_CONFORMANCE_ALLURE_CLI: slow.generator };
    const matrix = startCli(["matrix", "--personas", "current", "--area", "task-state", "--pages", "model", "--out", out], { env });
    await until(async () => existsSync(slow.started), 120_000, "the matrix's report generator");
    matrix.kill("SIGINT");
    const m = await matrix;
    expect(m.exitCode, m.stderr).toBe(130);
    expect(interruptedLines(m.stderr), m.stderr).toHaveLength(1);
    expect(existsSync(join(out, "compat-allure", "report")), "no half-built report").toBe(false);
    expect((await readdir(join(out, "compat-allure"))).filter((n) => n.startsWith(".") && n !== ALLURE_MARKER), "no sibling left (the folder's own marker stays)").toEqual([]);
    expect(await readdir(tmp), "left in TMPDIR").toEqual([]);

    await rm(slow.started);
    const merged = join(dir, "merged");
    const merge = startCli(["report", "--merge", join(out, "matrix"), "--out", merged], { env });
    await until(async () => existsSync(slow.started), 60_000, "report --merge's report generator");
    merge.kill("SIGTERM");
    const r = await merge;
    expect(r.exitCode, r.stderr).toBe(143);
    expect(interruptedLines(r.stderr), r.stderr).toHaveLength(1);
    expect(existsSync(join(merged, "compat-allure", "report")), "no half-built report").toBe(false);
    expect(await readdir(tmp), "left in TMPDIR").toEqual([]);
  });
});
