// The one door for writes (src/files/), through the CLI as a user meets it: a command never
// replaces, appends to or removes a file it cannot prove is its own, never follows a symbolic link
// out of what it was given, and checks every output path before it does any work; a read-only
// filesystem is named as such (EROFS), once. Each test failed before its fix.
//
// The read-only filesystem is a read-only bind mount (`mount --bind -o ro`), which needs root: the
// tests that use it say so and are skipped for another user.
import { execa } from "execa";
import { lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { runCli, STACK_LINE } from "../cli/run-cli.js";
import { cliEnv, egoConformance, worldsClosedAfterAll } from "../installed/support.js";
import { tempDir } from "../support/temp-dir.js";
import { writeResultsDir } from "../matrix/helpers.js";
import { runTargets } from "../../src/matrix/run-targets.js";
import { makePlan } from "../../src/matrix/plan.js";
import { personaTarget } from "../../src/matrix/target-spec.js";
import { selectionOf } from "../../src/matrix/merge.js";
import { TRANSCRIPT_FORMAT } from "../../src/recording/transcript.js";
import { outcomesFixture } from "./outcomes-fixture.js";

/** a command refused before its work ends well within this (a CLI's start is 1-3 s on a loaded machine) */
const BOUND_MS = 60_000;
vi.setConfig({ testTimeout: 3 * BOUND_MS });
const world = worldsClosedAfterAll();

/** exit 2, the path named, no stack trace */
function expectRefusal(result: { exitCode?: number; stderr: string }, path: string): void {
  expect(result.exitCode, result.stderr).toBe(2);
  expect(result.stderr).toContain(path);
  expect(result.stderr).not.toMatch(STACK_LINE);
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(() => true, () => false);
}

// --- a read-only filesystem: a read-only bind mount of a fresh folder
const IS_ROOT = process.getuid?.() === 0;
const mounts: string[] = [];
async function readOnlyDir(label: string): Promise<string> {
  const base = await tempDir(label);
  const source = join(base, "source");
  const ro = join(base, "ro");
  await mkdir(source);
  await mkdir(ro);
  await execa("mount", ["--bind", "-o", "ro", source, ro]);
  mounts.push(ro);
  return ro;
}
/** A folder on a full filesystem: a 64 KiB tmpfs, filled. */
async function fullDir(label: string): Promise<string> {
  const full = join(await tempDir(label), "full");
  await mkdir(full);
  await execa("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", full]);
  mounts.push(full);
  await execa("dd", ["if=/dev/zero", `of=${join(full, "fill")}`, "bs=4k", "count=100"], { reject: false });
  return full;
}
afterAll(async () => {
  for (const mount of mounts) await execa("umount", [mount], { reject: false });
});

async function bundle(dir: string, attachment?: (resultsDir: string) => Promise<void>) {
  const plan = makePlan([personaTarget("current")], { areas: ["browser-version"], grep: null });
  const loaded = await runTargets({
    plan,
    shard: { index: 1, count: 1 },
    bundleDir: join(dir, "bundle"),
    runTarget: async (_spec, { resultsDir }) => {
      await writeResultsDir(resultsDir, selectionOf(plan).map((c) => ({ clause: c.id, status: "passed" as const })));
      await attachment?.(resultsDir);
    },
  });
  return loaded.dir;
}

describe("fake start --dir D never replaces, appends to or removes a user's files in D", () => {
  it("a folder holding the user's app.json and app.log is refused, and both are kept", async () => {
    const d = join(await tempDir("fake-dir-user"), "D");
    await mkdir(d, { mode: 0o700 });
    await writeFile(join(d, "app.json"), '{"mine":true}\n');
    await writeFile(join(d, "app.log"), "MY LOG\n");
    const start = await runCli(["fake", "start", "--dir", d, "--pages", "model"], { timeoutMs: BOUND_MS });
    const stop = await runCli(["fake", "stop", "--dir", d], { timeoutMs: BOUND_MS });
    expectRefusal(start, d);
    expect(stop.stderr).not.toMatch(STACK_LINE);
    expect(await readFile(join(d, "app.json"), "utf8")).toBe('{"mine":true}\n');
    expect(await readFile(join(d, "app.log"), "utf8")).toBe("MY LOG\n");
    expect((await readdir(d)).sort()).toEqual(["app.json", "app.log"]);
  });

  it("an app.log that is a symbolic link out of D is never written through", async () => {
    const root = await tempDir("fake-dir-link");
    const d = join(root, "D");
    await mkdir(d, { mode: 0o700 });
    await writeFile(join(root, "outside.txt"), "OUTSIDE\n");
    await symlink(join(root, "outside.txt"), join(d, "app.log"));
    const start = await runCli(["fake", "start", "--dir", d, "--pages", "model"], { timeoutMs: BOUND_MS });
    await runCli(["fake", "stop", "--dir", d], { timeoutMs: BOUND_MS });
    expectRefusal(start, d);
    expect(await readFile(join(root, "outside.txt"), "utf8")).toBe("OUTSIDE\n");
  });

  it("--dir ~ (a home of mode 0700) is refused", async () => {
    const home = join(await tempDir("fake-dir-home"), "home");
    await mkdir(home, { mode: 0o700 });
    await writeFile(join(home, ".profile"), "mine\n");
    const start = await runCli(["fake", "start", "--dir", home, "--pages", "model"], { timeoutMs: BOUND_MS, env: { HOME: home } });
    await runCli(["fake", "stop", "--dir", home], { timeoutMs: BOUND_MS, env: { HOME: home } });
    expectRefusal(start, home);
    expect((await readdir(home)).sort()).toEqual([".profile"]);
  });
});

describe("an output file replaces only a file the harness wrote", () => {
  async function transcript(dir: string): Promise<string> {
    const file = join(dir, "recording.json");
    await writeFile(file, JSON.stringify({ format: TRANSCRIPT_FORMAT, target: { kind: "fake", name: null, egoVersion: "0.5.1.13", versionSource: null, persona: null, mutants: [] }, clauses: [] }));
    return file;
  }

  it("persona derive --out notes.txt, and its default NAME.persona.json, keep the user's file", async () => {
    const dir = await tempDir("derive-user-file");
    const recording = await transcript(dir);
    await writeFile(join(dir, "notes.txt"), "my notes\n");
    expectRefusal(await runCli(["persona", "derive", recording, "--name", "p", "--out", join(dir, "notes.txt")], { timeoutMs: BOUND_MS }), join(dir, "notes.txt"));
    expect(await readFile(join(dir, "notes.txt"), "utf8")).toBe("my notes\n");
    await writeFile(join(dir, "mine.persona.json"), "my persona\n");
    expectRefusal(await runCli(["persona", "derive", recording, "--name", "mine"], { timeoutMs: BOUND_MS, cwd: dir }), join(dir, "mine.persona.json"));
    expect(await readFile(join(dir, "mine.persona.json"), "utf8")).toBe("my persona\n");
    // its own file it replaces
    const own = join(dir, "own.json");
    expect((await runCli(["persona", "derive", recording, "--name", "own", "--out", own], { timeoutMs: BOUND_MS })).exitCode).toBe(0);
    const again = await runCli(["persona", "derive", recording, "--name", "own", "--out", own], { timeoutMs: BOUND_MS });
    expect(again.exitCode, again.stderr).toBe(0);
  });

  it("run --outcomes F and run --record F keep the user's F, refused before the run", async () => {
    const dir = await tempDir("run-user-file");
    for (const flag of ["--outcomes", "--record"]) {
      const file = join(dir, `mine${flag}.json`);
      await writeFile(file, '{"mine":true}\n');
      const results = join(dir, `results${flag}`);
      const other = flag === "--outcomes" ? ["--record", join(dir, "t.json")] : ["--outcomes", join(dir, "o.json")];
      expectRefusal(await runCli(["run", "--area", "browser-version", "--no-report", "--results", results, ...other, flag, file], { timeoutMs: BOUND_MS }), file);
      expect(await readFile(file, "utf8")).toBe('{"mine":true}\n');
      expect(await exists(results), "the run did no work").toBe(false);
    }
  });
});

describe("report --merge", () => {
  it("a compat-allure/ without the harness's marker is refused before anything is written, and kept", async () => {
    const dir = await tempDir("merge-user-allure");
    const b = await bundle(dir);
    const out = join(dir, "out");
    await mkdir(join(out, "compat-allure"), { recursive: true });
    await writeFile(join(out, "compat-allure", "allurerc.mjs"), "export default { mine: true };\n");
    await writeFile(join(out, "compat-allure", "history.jsonl"), "my history\n");
    const result = await runCli(["report", "--merge", b, "--out", out], { timeoutMs: BOUND_MS });
    expectRefusal(result, join(out, "compat-allure"));
    expect(await readdir(out)).toEqual(["compat-allure"]);
    expect(await readFile(join(out, "compat-allure", "allurerc.mjs"), "utf8")).toBe("export default { mine: true };\n");
    expect((await readdir(join(out, "compat-allure"))).sort()).toEqual(["allurerc.mjs", "history.jsonl"]);
  });

  it("a symbolic link in a bundle is refused, never followed into the outputs", async () => {
    const dir = await tempDir("merge-link");
    await writeFile(join(dir, "secret.txt"), "LOCAL SECRET\n");
    const b = await bundle(dir, (resultsDir) => symlink(join(dir, "secret.txt"), join(resultsDir, "0000-attachment.txt")));
    const out = join(dir, "out");
    const result = await runCli(["report", "--merge", b, "--out", out], { timeoutMs: 2 * BOUND_MS });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/0000-attachment\.txt.*symbolic link/);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(await exists(out), "nothing written").toBe(false);
  });
});

describe("a ledger through a symbolic link to a user's file", () => {
  it("is refused before the run, and the user's file is kept", async () => {
    const w = await world();
    const mine = join(w.root, "my-notes.txt");
    await writeFile(mine, "my notes\n");
    const link = join(w.root, "ledger-link.jsonl");
    await symlink(mine, link);
    const results = join(w.root, "results-j");
    const env = cliEnv(w, { EGO_CONFORMANCE_LEDGER: link });
    expectRefusal(await egoConformance(["run", "--target", "installed", "--ego-browser", w.installed.cliPath, "--area", "browser-version", "--no-report", "--results", results, "--outcomes", join(w.root, "o-j.json")], { env, timeoutMs: 2 * BOUND_MS }), link);
    expect(await readFile(mine, "utf8")).toBe("my notes\n");
    expect(await exists(results)).toBe(false);
    // a ledger that is someone's ordinary file is not appended to either
    expectRefusal(await egoConformance(["sweep", "--ego-browser", w.installed.cliPath], { env: cliEnv(w, { EGO_CONFORMANCE_LEDGER: mine }), timeoutMs: BOUND_MS }), mine);
    expect(await readFile(mine, "utf8")).toBe("my notes\n");
  });
});

describe("every output path is checked before the work", () => {
  it("run --results 'rg[1]' (a glob metacharacter Allure cannot take) is refused before the run", async () => {
    const dir = await tempDir("glob-results");
    const results = join(dir, "rg[1]");
    const result = await runCli(["run", "--area", "browser-version", "--results", results, "--report", join(dir, "report"), "--outcomes", join(dir, "o.json")], { timeoutMs: BOUND_MS });
    expectRefusal(result, results);
    expect(await exists(results), "the run did no work").toBe(false);
  });

  it("matrix --out with $(...) is refused before the first target runs", async () => {
    const dir = await tempDir("glob-matrix");
    const out = join(dir, "m$(x)");
    const result = await runCli(["matrix", "--personas", "current", "--area", "browser-version", "--out", out], { timeoutMs: BOUND_MS });
    expectRefusal(result, out);
    expect(await exists(join(out, "matrix")), "no target ran").toBe(false);
  });

  it.skipIf(!IS_ROOT)("--report and --record on a read-only filesystem are refused before the run, naming EROFS once", async () => {
    const ro = await readOnlyDir("ro-run");
    const dir = await tempDir("ro-run-rw");
    for (const [flag, path] of [["--report", join(ro, "report")], ["--record", join(ro, "t.json")]] as const) {
      const results = join(dir, `results${flag}`);
      const result = await runCli(["run", "--area", "browser-version", "--results", results, "--outcomes", join(dir, "o.json"), ...(flag === "--record" ? ["--no-report"] : []), flag, path], { timeoutMs: BOUND_MS });
      expectRefusal(result, path);
      expect(result.stderr).toContain("EROFS");
      expect(result.stderr, "the refusal is said once").not.toMatch(/ENOENT/);
      const lines = result.stderr.split("\n").filter((l) => l.includes(path));
      expect(lines, result.stderr).toHaveLength(1);
      expect(await exists(results), "the run did no work").toBe(false);
    }
  });
});

describe.skipIf(!IS_ROOT)("an error of the run's results lock is said once, naming its file", () => {
  it("--results on a full filesystem: ENOSPC, the lock's path, one line, no lock file left", async () => {
    const full = await fullDir("full-lock");
    const dir = await tempDir("full-lock-rw");
    const result = await runCli(["run", "--area", "browser-version", "--no-report", "--results", join(full, "r"), "--outcomes", join(dir, "o.json")], { timeoutMs: BOUND_MS });
    expect(result.exitCode, result.stderr).toBe(2);
    const lines = result.stderr.split("\n").filter((l) => l.includes("ENOSPC"));
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toContain(join(full, ".r.ego-conformance-lock"));
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(await readdir(full)).toEqual(["fill"]);
  });
});

describe.skipIf(!IS_ROOT)("a read-only filesystem is named as such (EROFS), not ENOENT", () => {
  it("report --out and baseline save --dir", async () => {
    const ro = await readOnlyDir("ro-out");
    const dir = await tempDir("ro-out-rw");
    const b = await bundle(dir);
    const out = join(ro, "out");
    const report = await runCli(["report", "--merge", b, "--out", out], { timeoutMs: BOUND_MS });
    const outcomes = join(dir, "o.json");
    await writeFile(outcomes, JSON.stringify({ ...outcomesFixture(), target: "fake", persona: "current" }));
    const save = await runCli(["baseline", "save", "--outcomes", outcomes, "--dir", join(ro, "baselines")], { timeoutMs: BOUND_MS });
    for (const result of [report, save]) {
      expect(result.exitCode, result.stderr).toBe(2);
      expect(result.stderr).toContain("EROFS");
      expect(result.stderr).not.toContain("ENOENT");
      expect(result.stderr).not.toMatch(STACK_LINE);
    }
    expect(save.stderr).toContain(join(ro, "baselines"));
    expect(report.stderr).toContain(out);
    await expect(stat(join(ro, "out"))).rejects.toThrow();
  });
});
