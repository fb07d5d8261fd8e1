// Recordings without a real build: the plain fake plays "a real build". Two recordings of it
// compare clean, and verify-fake is clean on one (exit 0); diff of the current build against
// persona pre-error-codes lists the clauses that need error codes. Each mutant's recording (the
// fake with a mutant plan) is compared with the plain fake's in the mutant check itself, and one
// goes through verify-fake there (test/mutants/mutants.test.ts): its runs record. On real pages,
// two recordings of the snapshots (the frames pages among them, where a renderer numbers its nodes
// and the fake its refIds in an order the page's load decides) differ in nothing judged. The second
// recording of each pair is a `run --watch`'s second run: nothing of a run reaches the next one.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/catalogue.js";
import { compareTranscripts } from "../../src/recording/compare.js";
import type { Transcript } from "../../src/recording/transcript.js";
import { PROJECT_ROOT, runCli } from "../cli/run-cli.js";
import { startWatch } from "../../scripts/watch-session.js";
import { tempDir } from "../support/temp-dir.js";

const AREAS = ["task-spaces", "numeric-ids"];

/** a recording, and whether its run passed (the command's exit 0, or a watch's run's summary) */
type Recorded = { file: string; transcript: Transcript; passed: boolean };

async function record(name: string, extra: string[] = [], areas = AREAS, pages = "model"): Promise<Recorded> {
  const dir = await tempDir(`rec-${name}`);
  const file = join(dir, "transcript.json");
  const run = await runCli(["run", "--json", "--no-report", "--no-expectations", "--pages", pages, ...areas.flatMap((a) => ["--area", a]), "--results", join(dir, "results"), "--outcomes", join(dir, "outcomes.json"), "--record", file, ...extra], { timeoutMs: 200_000 });
  return { file, transcript: JSON.parse(await readFile(file, "utf8")) as Transcript, passed: run.exitCode === 0 };
}

/** Two recordings in one `run --watch`, the second typed as a line: its runner, threads and modules the first's. */
async function recordWatched(name: string, areas: string[], pages: string): Promise<[Recorded, Recorded]> {
  const dir = await tempDir(`rec-${name}`);
  const args = (k: number) => ["--json", "--no-report", "--no-expectations", "--pages", pages, ...areas.flatMap((a) => ["--area", a]), "--results", join(dir, `results-${k}`), "--outcomes", join(dir, `outcomes-${k}.json`), "--record", join(dir, `transcript-${k}.json`)];
  const watch = startWatch({ bin: join(PROJECT_ROOT, "bin/ego-conformance.mjs"), cwd: PROJECT_ROOT, args: args(1), boundMs: 200_000, maxRuns: 2 });
  const first = await watch.run();
  const second = await watch.run(args(2).join(" "));
  watch.child.stdin!.end();
  const ended = await watch.child;
  // the watch's status is its last run's
  expect(ended.exitCode, watch.stderr()).toBe(second.summary.passed ? 0 : 1);
  const recorded = async (k: number, passed: boolean): Promise<Recorded> => {
    const file = join(dir, `transcript-${k}.json`);
    return { file, transcript: JSON.parse(await readFile(file, "utf8")) as Transcript, passed };
  };
  return [await recorded(1, first.summary.passed), await recorded(2, second.summary.passed)];
}

describe("recordings of the fake", () => {
  let plain: Awaited<ReturnType<typeof record>>;
  beforeAll(async () => {
    plain = await record("plain");
  }, 240_000);

  it("recordings of the plain fake compare clean, a watch's second run's too, and verify-fake on one exits 0", { timeout: 240_000 }, async () => {
    expect(plain.passed).toBe(true);
    const [again, warm] = await recordWatched("plain-again", AREAS, "model");
    expect([again.passed, warm.passed]).toEqual([true, true]);
    expect(compareTranscripts(plain.transcript, again.transcript).differences).toEqual([]);
    expect(compareTranscripts(plain.transcript, warm.transcript).differences).toEqual([]);
    const verify = await runCli(["verify-fake", plain.file, "--pages", "model"], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain("the fake matches the recording");
  });
});

describe("recordings of the fake on real pages", () => {
  it("two recordings of the snapshots, a watch's first and second runs, differ in nothing judged, and verify-fake on one exits 0", { timeout: 300_000 }, async () => {
    const [one, two] = await recordWatched("pages", ["snapshot"], "chromium");
    expect([one.passed, two.passed]).toEqual([true, true]);
    expect(one.transcript.clauses.find((c) => c.id === "snapshot.page.refs.resolve-in-own-frame")?.verdict, "the frames clauses ran on real pages").toBe("passed");
    expect(compareTranscripts(one.transcript, two.transcript).differences.filter((d) => d.judged)).toEqual([]);
    // the recording says real pages, and the replay follows it unasked
    expect(one.transcript.target.pages).toBe("chromium");
    const verify = await runCli(["verify-fake", one.file], { timeoutMs: 200_000 });
    expect(verify.exitCode, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain("on real pages, as recorded");
  });
});

describe("diff between two builds", () => {
  it("the current build against persona pre-error-codes lists the clauses that need error codes", { timeout: 240_000 }, async () => {
    const current = await record("current", [], ["error-codes"]);
    const persona = await record("pre-error-codes", ["--persona", "pre-error-codes"], ["error-codes"]);
    expect(persona.transcript.target.persona).toBe("pre-error-codes");
    const diff = await runCli(["diff", current.file, persona.file, "--json"]);
    expect(diff.exitCode).toBe(1);
    const listed = new Set((JSON.parse(diff.stdout) as { differences: { clause: string; judged: boolean }[] }).differences.filter((d) => d.judged).map((d) => d.clause));
    const needErrorCodes = CATALOGUE.filter((c) => c.area === "error-codes" && c.features.includes("error-codes")).map((c) => c.id);
    expect(needErrorCodes.length).toBeGreaterThan(0);
    for (const id of needErrorCodes) expect(listed, id).toContain(id);
  });
});
