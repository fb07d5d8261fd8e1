// `run --watch` as a user types it: each run whole, with its own outputs and verdict, a line of
// flags runs with those, a bad line is said and the watch goes on, and it stops as asked with the
// last run's status. Every wait is bounded (scripts/watch-session.ts: a timer per run, and the exit).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { startWatch as startSession, type WatchSession } from "../../scripts/watch-session.js";
import { tempDir } from "../support/temp-dir.js";
import { PROJECT_ROOT } from "./run-cli.js";

const BIN = join(PROJECT_ROOT, "bin/ego-conformance.mjs");

function startWatch(args: string[]): WatchSession {
  return startSession({ bin: BIN, cwd: PROJECT_ROOT, args, boundMs: 60_000 });
}

/** A page-model run's flags, its outputs named `name` in `dir`. */
function modelRun(dir: string, name: string, ...more: string[]): string[] {
  return ["--pages", "model", "--json", "--no-report", ...more, "--results", join(dir, `${name}-results`), "--outcomes", join(dir, `${name}.json`)];
}

it("runs, runs again on Enter, runs a typed line's flags, says a bad line and goes on, and ends with the last run's status", async () => {
  const dir = await tempDir("run-watch");
  const watch = startWatch(modelRun(dir, "a", "--area", "task-state"));

  const { summary: first } = await watch.run();
  expect(first.totals).toMatchObject({ passed: 2, failed: 0, broken: 0, unknown: 0 });
  expect(first.passed).toBe(true);
  const { summary: again } = await watch.run("");
  expect(again.clauses).toEqual(first.clauses);

  const { summary: other } = await watch.run(modelRun(dir, "b", "--area", "numeric-ids").join(" "));
  expect(new Set(other.clauses.map((c) => c.area))).toEqual(new Set(["numeric-ids"]));
  expect(other.passed).toBe(true);
  // each run writes its own outputs, as the command does
  const outcomes = JSON.parse(await readFile(join(dir, "b.json"), "utf8")) as { clauses: Record<string, unknown> };
  expect(Object.keys(outcomes.clauses).sort()).toEqual(other.clauses.map((c) => c.id).sort());

  // a line that is not a run is said, and the watch waits again without a run
  await watch.refused("--area no-such-area");
  expect(watch.stderr()).toMatch(/ego-conformance run: .*no-such-area/);
  const { summary: broken } = await watch.run(modelRun(dir, "c", "--area", "numeric-ids", "--mutant", "string-ids").join(" "));
  expect(broken.passed).toBe(false);
  expect(broken.totals.failed).toBeGreaterThan(0);

  watch.child.stdin!.end();
  const ended = await watch.child;
  // the last run failed: so does the watch
  expect(ended.exitCode).toBe(1);
  expect(ended.timedOut).toBe(false);
}, 180_000);

it("stops at q with a passing last run's status 0, and at Ctrl-C while it waits with 130", async () => {
  const dir = await tempDir("run-watch-stop");
  const quit = startWatch(modelRun(dir, "q", "--area", "task-state"));
  await quit.run();
  quit.child.stdin!.write("q\n");
  expect((await quit.child).exitCode).toBe(0);

  const interrupted = startWatch(modelRun(dir, "i", "--area", "task-state"));
  await interrupted.run();
  interrupted.child.kill("SIGINT");
  const ended = await interrupted.child;
  expect(ended.exitCode).toBe(130);
  expect(ended.timedOut).toBe(false);
}, 180_000);

it("stops with the run it interrupts: Ctrl-C mid-run ends that run as the command would, and the watch with 130", async () => {
  const dir = await tempDir("run-watch-mid-run");
  const watch = startWatch(modelRun(dir, "whole"));
  await watch.run();
  // the second run, whole: interrupted once its first clause is done
  watch.child.stdin!.write("\n");
  const progressed = () => watch.stderr().split("ego-conformance: watching:").at(-1)!.includes("conformance [");
  const deadline = Date.now() + 60_000;
  while (!progressed() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(progressed()).toBe(true);
  watch.child.kill("SIGINT");
  const ended = await watch.child;
  expect(ended.exitCode).toBe(130);
  expect(ended.timedOut).toBe(false);
  expect(watch.stderr()).toMatch(/the run was interrupted \(SIGINT\); its task spaces were closed/);
}, 180_000);
