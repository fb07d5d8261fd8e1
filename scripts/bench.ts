/**
 * `npm run bench`: what reaching the fake through its `ego-browser` launcher costs against the
 * in-process fake, whole runs on both kinds of pages, a run's fixed cost, recording, the soak, a task
 * space's cost to Chromium and the matrix against one run (docs/speed.md, "How to measure").
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir, cpus } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { clauseCosts, medianCost } from "./clause-cost.js";
import { canMeasureSpaceCost, measureSpaceCost, type PerSpace, type SpaceCost } from "./space-cost.js";
import { median, round } from "./stats.js";
import { canMeasureWatchCost, measureWatchCost, type WatchCost } from "./watch-cost.js";
import { locateChromium } from "../fake-bridge/chromium/locate.js";
import { startFakeApp } from "../fake-bridge/server/control.js";
import { installFakeEgoLite } from "../fake-bridge/server/install.js";
import { runOneShotProbe } from "../src/targets/cli/cli-one-shot.js";
import { createCliTarget, RAW_BRIDGE_SDK_PATH } from "../src/targets/cli/cli-target.js";
import { NEWEST_BUILD } from "../src/contract/build-features.js";
import { createFakeTarget } from "../src/targets/fake/fake-target.js";
import type { Session, Target, TargetInfo } from "../src/targets/target.js";
import { recordingSession } from "../src/harness/recording-session.js";
import type { PagesChoice } from "../src/contract/pages-choice.js";

const ROOT = resolve(import.meta.dirname, "..");
/** one snapshot clause on a real page: open a fixture page, take a snapshot, pair refs with lines */
const SNAPSHOT_CLAUSE = "snapshot.page.refs-match-lines";
/** one CDP round trip on a real page: attach with flatten, Runtime.evaluate, Runtime.enable and its event */
const CDP_CLAUSE = "cdp.round-trip.runtime-evaluate";
const BIN = join(ROOT, "bin/ego-conformance.mjs");

const { values } = parseArgs({
  options: {
    probes: { type: "string", default: "200" },
    sessions: { type: "string", default: "20" },
    "one-shot": { type: "string", default: "10" },
    "page-rounds": { type: "string", default: "3" },
    spaces: { type: "string", default: "15" },
    suite: { type: "boolean", default: true },
    "no-suite": { type: "boolean", default: false },
    soak: { type: "string", default: "1000" },
    "no-soak": { type: "boolean", default: false },
    "no-matrix": { type: "boolean", default: false },
    "no-fixed-cost": { type: "boolean", default: false },
    json: { type: "boolean", default: false },
  },
});
const N = Number(values.probes);
const SESSIONS = Number(values.sessions);
const ONE_SHOT = Number(values["one-shot"]);
const runSuite = !values["no-suite"];
const SOAK = values["no-soak"] ? 0 : Number(values.soak);
const PAGE_ROUNDS = Math.max(1, Number(values["page-rounds"]));
const SPACES = Math.max(1, Number(values.spaces));
const runMatrixStep = !values["no-matrix"];
const runFixedCost = !values["no-fixed-cost"];

const INFO: TargetInfo = {
  kind: "installed",
  name: "fake ego-browser (bench)",
  egoVersion: null,
  egoVersionText: NEWEST_BUILD.version,
  versionSource: "bench",
  features: NEWEST_BUILD.features,
  capabilities: new Set(),
};

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const range = (xs: readonly number[], digits: number) => `${round(Math.min(...xs), digits)}-${round(Math.max(...xs), digits)}`;

async function timeProbes(session: Session, n: number): Promise<number> {
  await session.evaluate(async (p) => p.call("listTaskSpaces", [])); // warm: the process, the code paths
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await session.evaluate(async (p) => p.call("listTaskSpaces", []));
  return ms(t0) / n;
}

/** Mean time of a session that opens, runs one probe and closes; `select` makes it unfit for reuse. */
async function timeSessions(target: Target, n: number, select: boolean): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    const s = await target.openSession();
    await s.evaluate(async (p, select) => (select ? p.ego.useTaskSpace(1) : p.call("listTabs", [])), select);
    await s.close();
  }
  return ms(t0) / n;
}

const GNU_TIME = "/usr/bin/time";

/**
 * One conformance run: wall time, and CPU time when GNU time is there to measure it. GNU time
 * counts the processes the run waits for: the CLI, vitest and its workers, the ego-browser
 * processes of an installed run. It does not count the fake's Chromium (a vitest worker ends
 * without reaping it) nor, for the installed run, the fake app, which the bench itself started;
 * ./space-cost.ts measures Chromium. CPU time hardly depends on what else the machine is doing.
 */
async function timeRun(args: string[]): Promise<{ seconds: number; cpuSeconds?: number; totals: Record<string, number>; passed: boolean }> {
  const measureCpu = existsSync(GNU_TIME);
  const command = [process.execPath, BIN, "run", "--no-report", "--no-slow", "--json", ...args];
  const t0 = process.hrtime.bigint();
  const run = measureCpu
    ? await execa(GNU_TIME, ["-f", "ego-conformance-cpu %U %S", ...command], { cwd: ROOT, reject: false, stdin: "ignore" })
    : await execa(command[0]!, command.slice(1), { cwd: ROOT, reject: false, stdin: "ignore" });
  const seconds = ms(t0) / 1000;
  if (run.exitCode === 2) throw new Error(`ego-conformance run ${args.join(" ")} could not run:\n${run.stderr.slice(-2000)}`);
  const summary = JSON.parse(run.stdout) as { totals: Record<string, number>; passed: boolean };
  const cpu = /ego-conformance-cpu ([\d.]+) ([\d.]+)/.exec(run.stderr);
  return { seconds, ...(cpu ? { cpuSeconds: Number(cpu[1]) + Number(cpu[2]) } : {}), totals: summary.totals, passed: summary.passed };
}

/**
 * The fixed cost of a run: a 2-clause run (`--area task-state`) against a whole one, both on the
 * page model, alternating, `rounds` rounds; the ratios are each round's, the CPU one is what the
 * target is about (wall depends on the load).
 */
async function timeFixedCost(root: string, rounds: number): Promise<{ rounds: number; small: Timed[]; whole: Timed[]; cpuRatios: number[]; cpuRatio?: number; ratio: number }> {
  const small: Timed[] = [];
  const whole: Timed[] = [];
  for (let k = 1; k <= rounds; k++) {
    const s = await timeRun(["--pages", "model", "--area", "task-state", "--results", join(root, `fixed-small-${k}`)]);
    const w = await timeRun(["--pages", "model", "--results", join(root, `fixed-whole-${k}`)]);
    small.push({ seconds: round(s.seconds, 1), ...(s.cpuSeconds !== undefined ? { cpuSeconds: round(s.cpuSeconds, 2) } : {}) });
    whole.push({ seconds: round(w.seconds, 1), ...(w.cpuSeconds !== undefined ? { cpuSeconds: round(w.cpuSeconds, 2) } : {}) });
  }
  const cpuRatios = small.flatMap((s, i) => (s.cpuSeconds !== undefined && whole[i]!.cpuSeconds ? [s.cpuSeconds / whole[i]!.cpuSeconds!] : []));
  return {
    rounds,
    small,
    whole,
    cpuRatios: cpuRatios.map((r) => round(r)),
    ...(cpuRatios.length === rounds ? { cpuRatio: round(median(cpuRatios)) } : {}),
    ratio: round(median(small.map((s, i) => s.seconds / whole[i]!.seconds))),
  };
}

/** The fixed cost where the runner outlives the run: `run --watch`, a whole run and a 2-clause one typed in turn (./watch-cost.ts). */
async function timeWatchCost(root: string, rounds: number): Promise<WatchCost | { notMeasured: string }> {
  if (!canMeasureWatchCost()) return { notMeasured: "no /proc on this machine" };
  const outputs = ["--results", join(root, "watch-results"), "--outcomes", join(root, "watch-outcomes.json")];
  const wholeArgs = ["--pages", "model", "--no-report", "--no-slow", "--json", ...outputs];
  const cost = await measureWatchCost({ bin: BIN, cwd: ROOT, rounds, wholeArgs, smallArgs: [...wholeArgs, "--area", "task-state"] });
  // a run that did not pass, or did not run what it was asked, measures something else
  const runs = [cost.first, ...cost.small, ...cost.whole];
  if (runs.some((r) => !r.passed) || cost.small.some((r) => r.clauses !== 2) || cost.whole.some((r) => r.clauses !== cost.first.clauses)) {
    throw new Error(`the watch's runs are not what the bench asked for: ${JSON.stringify(runs)}`);
  }
  return cost;
}

interface Timed {
  seconds: number;
  cpuSeconds?: number;
}

interface MatrixTiming {
  pages: PagesChoice;
  run: Timed;
  matrix: Timed & { targets: number; ran: number };
  ratio: number;
  cpuRatio?: number;
}

/**
 * `matrix --personas all` against one run on the same pages, back to back: wall and CPU seconds
 * of each (GNU time, as timeRun), the targets the matrix ran, and the ratios.
 */
async function timeMatrix(root: string, pages: PagesChoice): Promise<MatrixTiming> {
  const measureCpu = existsSync(GNU_TIME);
  const timed = async (args: string[]) => {
    const command = [process.execPath, BIN, ...args];
    const t0 = process.hrtime.bigint();
    const child = measureCpu
      ? await execa(GNU_TIME, ["-f", "ego-conformance-cpu %U %S", ...command], { cwd: ROOT, reject: false, stdin: "ignore" })
      : await execa(command[0]!, command.slice(1), { cwd: ROOT, reject: false, stdin: "ignore" });
    const seconds = ms(t0) / 1000;
    if (child.exitCode === 2) throw new Error(`ego-conformance ${args.join(" ")} could not run:\n${child.stderr.slice(-2000)}`);
    const cpu = /ego-conformance-cpu ([\d.]+) ([\d.]+)/.exec(child.stderr);
    return { seconds, ...(cpu ? { cpuSeconds: Number(cpu[1]) + Number(cpu[2]) } : {}), stdout: child.stdout };
  };
  const run = await timed(["run", "--no-report", "--json", "--pages", pages, "--results", join(root, `matrix-reference-results-${pages}`)]);
  const matrix = await timed(["matrix", "--personas", "all", "--pages", pages, "--no-allure", "--json", "--out", join(root, `matrix-${pages}`)]);
  const targets = (JSON.parse(matrix.stdout) as { targets: { availability: string }[] }).targets;
  return {
    pages,
    run: { seconds: run.seconds, ...(run.cpuSeconds !== undefined ? { cpuSeconds: run.cpuSeconds } : {}) },
    matrix: { seconds: matrix.seconds, ...(matrix.cpuSeconds !== undefined ? { cpuSeconds: matrix.cpuSeconds } : {}), targets: targets.length, ran: targets.filter((t) => t.availability === "ran").length },
    ratio: round(matrix.seconds / run.seconds),
    ...(run.cpuSeconds && matrix.cpuSeconds ? { cpuRatio: round(matrix.cpuSeconds / run.cpuSeconds) } : {}),
  };
}

interface SoakReport {
  seed: number;
  invocations: number;
  wallSeconds: number;
  meanMs: number;
  counts: Record<string, number>;
  ok: boolean;
}

/** The soak as its own process (it checks its own leaks, so it must not share this one). */
async function timeSoak(n: number): Promise<SoakReport> {
  const soak = await execa(process.execPath, ["--import", "tsx", join(ROOT, "scripts/soak.ts"), "--invocations", String(n), "--json"], { cwd: ROOT, reject: false, stdin: "ignore" });
  try {
    return JSON.parse(soak.stdout) as SoakReport;
  } catch {
    throw new Error(`the soak printed no report (exit ${soak.exitCode}):\n${soak.stderr.slice(-2000)}`);
  }
}

const perSpaceLine = (label: string, s: PerSpace) => {
  const kinds = Object.entries(s.byKind)
    .sort(([, a], [, b]) => b - a)
    .map(([kind, cpu]) => `${kind} ${round(cpu, 3)}`)
    .join(", ");
  return `  ${label.padEnd(40)}${round(s.ms, 0)} ms, ${round(s.cpuSeconds, 3)} CPU-s   (${kinds})`;
};

function spaceCostLines(cost: SpaceCost | { notMeasured: string }): string[] {
  const title = "what one task space costs the fake's Chromium (CPU-seconds across its processes):";
  if ("notMeasured" in cost) return [title, `  not measured: ${cost.notMeasured}`];
  return [
    `${title.slice(0, -1)}, mean of ${cost.spaces}:`,
    perSpaceLine("its blank default tab only", cost.blank),
    perSpaceLine(`with a fixture page loaded (${cost.page})`, cost.withPage),
  ];
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), "ego-conformance-bench-"));
  const app = await startFakeApp({ dir: join(root, "app") });
  try {
    const { cliPath } = await installFakeEgoLite({ dir: join(root, "bin"), appDir: app.paths.dir });
    const load = loadavg().map((l) => round(l));

    const inProcess = createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features });
    const cli = createCliTarget({ cliPath, info: INFO, share: false });
    const probeInProcess = await timeProbes(await inProcess.openSession(), N);
    const probeLoop = await timeProbes(await cli.openSession(), N);
    const probeRecorded = await timeProbes(recordingSession(await inProcess.openSession(), [], { probes: 0, calls: [] }), N);

    const t0 = process.hrtime.bigint();
    for (let i = 0; i < ONE_SHOT; i++) await runOneShotProbe({ cliPath, sdkPath: RAW_BRIDGE_SDK_PATH }, async (p) => p.call("listTaskSpaces", []));
    const probeOneShot = ms(t0) / ONE_SHOT;

    const sessionInProcess = await timeSessions(inProcess, SESSIONS, true);
    const sessionNewProcess = await timeSessions(cli, SESSIONS, true);
    const sessionReused = await timeSessions(cli, SESSIONS, false);
    const stats = { ...cli.stats };
    await cli.close();
    await inProcess.close();

    let snapshotClause: { clause: string; ms: number | null; status: string; medianClauseMs: number } | undefined;
    // the full suite with real pages (the default where Chromium is found) against the page model, and one CDP round trip
    let pages:
      | { rounds: number; chromiumSeconds: number[]; modelSeconds: number[]; ratios: number[]; ratio: number; cdpRoundTrip: { clause: string; ms: number | null; status: string } }
      | undefined;
    let recording: { rounds: number; plainSeconds: number[]; recordedSeconds: number[]; ratios: number[]; ratio: number } | undefined;
    let suite: { inProcess: Awaited<ReturnType<typeof timeRun>>; cli: Awaited<ReturnType<typeof timeRun>>; ratio: number; cpuRatio?: number } | undefined;
    if (runSuite) {
      const inProcessResults = join(root, "in-process-results");
      const inProc = await timeRun(["--results", inProcessResults]);
      const costs = await clauseCosts(inProcessResults);
      const page = costs.get(SNAPSHOT_CLAUSE);
      snapshotClause = {
        clause: SNAPSHOT_CLAUSE,
        ...(page && page.status !== "skipped" ? { ms: Math.round(page.ms), status: page.status } : { ms: null, status: page?.status ?? "absent" }),
        medianClauseMs: Math.round(medianCost(costs)),
      };
      // round 1 reuses the run above; each later round is one more real-pages run, then one more page-model run
      const chromiumSeconds = [inProc.seconds];
      const modelSeconds: number[] = [];
      const recordedSeconds: number[] = [];
      for (let k = 1; k <= PAGE_ROUNDS; k++) {
        if (k > 1) chromiumSeconds.push((await timeRun(["--results", join(root, `in-process-results-${k}`)])).seconds);
        modelSeconds.push((await timeRun(["--pages", "model", "--results", join(root, `model-results-${k}`)])).seconds);
        recordedSeconds.push((await timeRun(["--pages", "model", "--results", join(root, `recorded-results-${k}`), "--record", join(root, `transcript-${k}.json`)])).seconds);
      }
      const recordingRatios = recordedSeconds.map((s, i) => s / modelSeconds[i]!);
      recording = { rounds: PAGE_ROUNDS, plainSeconds: modelSeconds.map((s) => round(s, 1)), recordedSeconds: recordedSeconds.map((s) => round(s, 1)), ratios: recordingRatios.map((r) => round(r)), ratio: round(median(recordingRatios)) };
      const ratios = chromiumSeconds.map((s, i) => s / modelSeconds[i]!);
      const cdp = costs.get(CDP_CLAUSE);
      pages = {
        rounds: PAGE_ROUNDS,
        chromiumSeconds: chromiumSeconds.map((s) => round(s, 1)),
        modelSeconds: modelSeconds.map((s) => round(s, 1)),
        ratios: ratios.map((r) => round(r)),
        ratio: round(median(ratios)),
        cdpRoundTrip: { clause: CDP_CLAUSE, ...(cdp && cdp.status !== "skipped" ? { ms: Math.round(cdp.ms), status: cdp.status } : { ms: null, status: cdp?.status ?? "absent" }) },
      };
      const viaCli = await timeRun(["--target", "installed", "--ego-browser", cliPath, "--operator", app.paths.operatorSocket]);
      suite = {
        inProcess: inProc,
        cli: viaCli,
        ratio: round(viaCli.seconds / inProc.seconds),
        ...(inProc.cpuSeconds && viaCli.cpuSeconds ? { cpuRatio: round(viaCli.cpuSeconds / inProc.cpuSeconds) } : {}),
      };
    }

    const fixedCost = runFixedCost ? await timeFixedCost(root, PAGE_ROUNDS) : undefined;
    const watchCost = runFixedCost ? await timeWatchCost(root, PAGE_ROUNDS) : undefined;
    const matrices = runMatrixStep ? [await timeMatrix(root, "model"), await timeMatrix(root, "chromium")] : undefined;
    const soak = SOAK > 0 ? await timeSoak(SOAK) : undefined;

    const chromium = locateChromium();
    const spaceCost: SpaceCost | { notMeasured: string } = !canMeasureSpaceCost()
      ? { notMeasured: "no /proc on this machine" }
      : !chromium.found
        ? { notMeasured: chromium.why }
        : await measureSpaceCost(chromium.path, SPACES);

    const result = {
      ...(soak ? { soak } : {}),
      machine: { cpus: cpus().length, loadavg: load, node: process.version },
      probe: {
        n: N,
        inProcessMs: round(probeInProcess, 3),
        loopMs: round(probeLoop, 3),
        oneShotMs: round(probeOneShot, 1),
        loopRatio: round(probeLoop / probeInProcess, 1),
        recordedMs: round(probeRecorded, 3),
        recordedRatio: round(probeRecorded / probeInProcess, 2),
        oneShotRatio: round(probeOneShot / probeInProcess, 0),
      },
      session: {
        n: SESSIONS,
        inProcessMs: round(sessionInProcess, 3),
        newProcessMs: round(sessionNewProcess, 1),
        reusedProcessMs: round(sessionReused, 2),
        processesStarted: stats.started,
        sessionsReused: stats.reused,
      },
      ...(suite
        ? {
            suite: {
              inProcessSeconds: round(suite.inProcess.seconds, 1),
              cliSeconds: round(suite.cli.seconds, 1),
              ratio: suite.ratio,
              ...(suite.cpuRatio !== undefined
                ? { inProcessCpuSeconds: round(suite.inProcess.cpuSeconds!, 1), cliCpuSeconds: round(suite.cli.cpuSeconds!, 1), cpuRatio: suite.cpuRatio }
                : {}),
              inProcessTotals: suite.inProcess.totals,
              cliTotals: suite.cli.totals,
              bothGreen: suite.inProcess.passed && suite.cli.passed,
            },
          }
        : {}),
      ...(snapshotClause ? { snapshotClause } : {}),
      ...(pages ? { pages } : {}),
      ...(recording ? { recording } : {}),
      ...(fixedCost ? { fixedCost } : {}),
      ...(watchCost ? { watchCost } : {}),
      ...(matrices ? { matrices } : {}),
      spaceCost,
    };
    if (values.json) {
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
      return;
    }
    const r = result;
    const lines = [
      `ego-conformance bench (${r.machine.cpus} cores, load ${r.machine.loadavg.join(" ")}, node ${r.machine.node})`,
      "",
      `one probe (mean of ${N}, listTaskSpaces):`,
      `  in process                 ${r.probe.inProcessMs} ms`,
      `  CLI target, probe loop     ${r.probe.loopMs} ms   (${r.probe.loopRatio}x)`,
      `  in process, recorded       ${r.probe.recordedMs} ms   (${r.probe.recordedRatio}x: every native call kept, run --record)`,
      `  one ego-browser per probe  ${r.probe.oneShotMs} ms   (${r.probe.oneShotRatio}x, mean of ${ONE_SHOT})`,
      "",
      `one session with one probe (mean of ${SESSIONS}):`,
      `  in process                              ${r.session.inProcessMs} ms`,
      `  CLI target, new ego-browser process     ${r.session.newProcessMs} ms`,
      `  CLI target, process reused (fresh)      ${r.session.reusedProcessMs} ms`,
    ];
    if (r.suite) {
      lines.push(
        "",
        "full conformance run (ego-conformance run --no-report --no-slow):",
        `  in-process fake                         ${r.suite.inProcessSeconds} s   (${r.suite.inProcessTotals.passed} passed, ${r.suite.inProcessTotals.unspecified} unspecified, ${r.suite.inProcessTotals.failed} failed, ${r.suite.inProcessTotals.broken} broken)`,
        `  --target installed (fake's ego-browser) ${r.suite.cliSeconds} s   (${r.suite.cliTotals.passed} passed, ${r.suite.cliTotals.unspecified} unspecified, ${r.suite.cliTotals.failed} failed, ${r.suite.cliTotals.broken} broken)`,
        `  ratio                                   ${r.suite.ratio}x${r.suite.bothGreen ? "" : "   (NOT both green)"}`,
      );
      if (r.suite.cpuRatio !== undefined) {
        lines.push(`  CPU time (user + system; the run's own processes, not Chromium's nor the fake app's)  ${r.suite.inProcessCpuSeconds} s in process, ${r.suite.cliCpuSeconds} s through the CLI: ${r.suite.cpuRatio}x`);
      }
    }
    if (pages) {
      lines.push(
        "",
        `real pages against the page model (in-process fake; ${pages.rounds} round${pages.rounds === 1 ? "" : "s"} of one run each, the first real-pages run is the one above):`,
        `  real pages (Chromium)                   ${round(median(pages.chromiumSeconds), 1)} s   (median; ${range(pages.chromiumSeconds, 1)} s)`,
        `  page model (--pages model)              ${round(median(pages.modelSeconds), 1)} s   (median; ${range(pages.modelSeconds, 1)} s)`,
        `  ratio                                   ${pages.ratio}x   (median of the rounds' ratios; ${range(pages.ratios, 2)}x; target: at most 2x)`,
        pages.cdpRoundTrip.ms === null
          ? `  one CDP round trip (${pages.cdpRoundTrip.clause})   not measured: ${pages.cdpRoundTrip.status}`
          : `  one CDP round trip (${pages.cdpRoundTrip.clause})   ${pages.cdpRoundTrip.ms} ms (${pages.cdpRoundTrip.status})`,
      );
    }
    if (recording) {
      lines.push(
        "",
        `recording (run --record) against the same run unrecorded (page model; ${recording.rounds} round${recording.rounds === 1 ? "" : "s"}):`,
        `  unrecorded                              ${round(median(recording.plainSeconds), 1)} s   (median; ${range(recording.plainSeconds, 1)} s)`,
        `  recorded                                ${round(median(recording.recordedSeconds), 1)} s   (median; ${range(recording.recordedSeconds, 1)} s)`,
        `  ratio                                   ${recording.ratio}x   (median of the rounds' ratios; ${range(recording.ratios, 2)}x; target: at most 1.1x)`,
      );
    }
    const cpu = (x: { cpuSeconds?: number }) => (x.cpuSeconds === undefined ? "" : `, ${round(x.cpuSeconds, 1)} CPU-s`);
    if (fixedCost) {
      const f = fixedCost;
      lines.push(
        "",
        `the fixed cost of a run, each a command of its own (page model; ${f.rounds} alternating round${f.rounds === 1 ? "" : "s"}):`,
        `  run --area task-state (2 clauses)       ${f.small.map((t) => `${t.seconds} s${cpu(t)}`).join("; ")}`,
        `  run (the whole catalogue)               ${f.whole.map((t) => `${t.seconds} s${cpu(t)}`).join("; ")}`,
        f.cpuRatio === undefined
          ? `  wall ratio                              ${f.ratio}x   (no GNU time: CPU not measured; target on CPU: at most 0.2x)`
          : `  CPU ratio                               ${f.cpuRatio}x   (median; ${range(f.cpuRatios, 2)}x; wall ${f.ratio}x; target: at most 0.2x${f.cpuRatio <= 0.2 ? ": met" : ": NOT met"})`,
      );
    }
    if (watchCost && "notMeasured" in watchCost) lines.push("", `the fixed cost of a run in a watch: not measured (${watchCost.notMeasured})`);
    else if (watchCost) {
      const w = watchCost;
      const runs = (xs: readonly { seconds: number; cpuSeconds: number }[]) => xs.map((t) => `${t.seconds} s, ${t.cpuSeconds} CPU-s`).join("; ");
      lines.push(
        "",
        `the fixed cost of a run in a watch (run --watch, page model, one process; ${w.rounds} alternating round${w.rounds === 1 ? "" : "s"}):`,
        `  its first run, whole (pays the start)   ${runs([w.first])}`,
        `  a line: --area task-state (2 clauses)   ${runs(w.small)}`,
        `  a line: the whole catalogue             ${runs(w.whole)}`,
        `  CPU ratio                               ${w.cpuRatio}x   (median; ${range(w.cpuRatios, 3)}x; target: at most 0.2x${w.cpuRatio <= 0.2 ? ": met" : ": NOT met"})`,
      );
    }
    for (const m of matrices ?? []) {
      const real = m.pages === "chromium";
      lines.push(
        "",
        `the matrix against one run (both --pages ${m.pages}, back to back):`,
        `  one run (ego-conformance run)           ${round(m.run.seconds, 1)} s${cpu(m.run)}`,
        `  matrix --personas all                   ${round(m.matrix.seconds, 1)} s${cpu(m.matrix)}   (${m.matrix.ran} of ${m.matrix.targets} targets ran)`,
        `  ratio                                   ${m.ratio}x${m.cpuRatio === undefined ? "" : ` (CPU ${m.cpuRatio}x)`}${real ? `   (target: at most 5x${m.ratio <= 5 ? ": met" : ": NOT met"})` : ""}`,
      );
    }
    if (soak) {
      lines.push(
        "",
        `soak (npm run soak: ${soak.invocations} sequential probe invocations through the CLI target, infrastructure faults at 5%, seed ${soak.seed}):`,
        `  wall time                               ${soak.wallSeconds} s   (${soak.meanMs} ms per invocation)`,
        `  outcomes                                ${soak.counts.passed} passed, ${soak.counts.flaky} flaky, ${soak.counts.broken} broken, ${soak.counts.failed} failed${soak.ok ? "" : "   (SOAK FAILED: see npm run soak)"}`,
      );
    }
    if (r.snapshotClause) {
      const c = r.snapshotClause;
      lines.push(
        "",
        "one snapshot clause on a real page (in the in-process run above):",
        c.ms === null
          ? `  ${c.clause}   not measured: ${c.status} (the fake has no real pages here)`
          : `  ${c.clause}   ${c.ms} ms (${c.status}); the run's median clause: ${c.medianClauseMs} ms`,
      );
    }
    lines.push("", ...spaceCostLines(spaceCost));
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await app.stop();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
