/**
 * `npm run soak -- [--invocations N] [--seed S] [--json]`: sequential probe invocations through the
 * installed fake with seeded infrastructure faults, then a check, not an assumption, that no process,
 * handle, socket, file or task space leaked (docs/installed-targets.md, "Soak"). Exit 1 on any leak.
 */
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createHash, randomInt } from "node:crypto";
import { createFakeAppServer } from "../fake-bridge/server/app-server.js";
import { installFakeEgoLite } from "../fake-bridge/server/install.js";
import type { InfraFaultPlan } from "../src/contract/infra-fault-plan.js";
import { infraCheckedSession } from "../src/retries/infrastructure.js";
import { withInfraRetries, type AttemptResult } from "../src/retries/retry.js";
import { emptyOutcomeCounts, type Outcome } from "../src/outcomes/statuses.js";
import { outcomeOfError } from "../src/outcomes/of-error.js";
import { createCliTarget } from "../src/targets/cli/cli-target.js";
import { NEWEST_BUILD } from "../src/contract/build-features.js";
import type { Target, TargetInfo } from "../src/targets/target.js";

const { values } = parseArgs({
  options: {
    invocations: { type: "string", default: "1000" },
    seed: { type: "string" },
    json: { type: "boolean", default: false },
  },
});
const N = Number(values.invocations);
if (!Number.isInteger(N) || N < 1) throw new Error(`--invocations must be a positive integer, not '${values.invocations}'`);
const SEED = values.seed !== undefined ? Number(values.seed) : randomInt(0, 2 ** 32 - 1);
if (!Number.isInteger(SEED) || SEED < 0 || SEED > 0xffffffff) throw new Error(`--seed must be an integer in [0, 2^32), not '${values.seed}'`);

/**
 * Faults at 5%: of the calls, 5% meet one (latency, a call that never settles, no browser, an
 * invalid payload); of the invocations, 5% do (the task host disconnects after its first call,
 * the launcher crashes, the launcher prints garbage and exits).
 */
const SOAK_PLAN = (seed: number): InfraFaultPlan => ({
  seed,
  faults: [
    { kind: "latency", probability: 0.02, baseMs: 5, jitterMs: 200 },
    { kind: "never-settles", probability: 0.01 },
    { kind: "browser-unavailable", probability: 0.01 },
    { kind: "invalid-payload", probability: 0.01 },
    { kind: "task-host-disconnect", probability: 0.02, afterCalls: 1 },
    { kind: "launcher-crash", probability: 0.015 },
    { kind: "launcher-garbage", probability: 0.015 },
  ],
});

const INFO: TargetInfo = {
  kind: "installed",
  name: "fake ego-browser (soak)",
  egoVersion: null,
  egoVersionText: NEWEST_BUILD.version,
  versionSource: "soak",
  features: NEWEST_BUILD.features,
  capabilities: new Set(),
};
const PREFIX = "ego-conformance soak";
/** a call the probe gives up on (the runtime's own bound): a never-settling call costs this */
const CALL_TIMEOUT_MS = 2000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

class ContractFailure extends Error {
  override name = "AssertionError";
}

/** One invocation: a session, one probe (create, list tabs, close), the session closed. */
async function invoke(target: Target, name: string): Promise<AttemptResult> {
  let session;
  try {
    session = infraCheckedSession(await target.openSession());
    const seen = (await session.evaluate(
      async (p, name, timeoutMs) => {
        const made = await p.call("createTaskSpace", [name as string], { timeoutMs: timeoutMs as number });
        const id = (made.value as { id?: unknown } | undefined)?.id;
        if (made.channel !== "resolved" || typeof id !== "number") return { made };
        p.ego.useTaskSpace(id);
        const tabs = await p.call("listTabs", [], { timeoutMs: timeoutMs as number });
        const closed = await p.call("closeTaskSpace", [], { timeoutMs: timeoutMs as number });
        return { made, tabs, closed };
      },
      name,
      CALL_TIMEOUT_MS,
    )) as { made: { channel: string; value?: { id?: unknown } }; tabs?: { channel: string }; closed?: { channel: string; value?: unknown } };
    if (seen.made.channel !== "resolved" || typeof seen.made.value?.id !== "number") throw new ContractFailure(`createTaskSpace did not resolve a task space: ${JSON.stringify(seen.made)}`);
    if (seen.tabs?.channel !== "resolved") throw new ContractFailure(`listTabs did not resolve: ${JSON.stringify(seen.tabs)}`);
    if (seen.closed?.channel !== "resolved") throw new ContractFailure(`closeTaskSpace did not resolve: ${JSON.stringify(seen.closed)}`);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  } finally {
    await session?.close().catch(() => undefined);
  }
}

/** Closes what an attempt that went wrong may have left (spaces named `name`), through the same faulty target, with a bound. */
async function cleanUp(target: Target, name: string): Promise<boolean> {
  for (let i = 0; i < 8; i++) {
    const session = await target.openSession().catch(() => undefined);
    if (!session) continue;
    try {
      const left = await infraCheckedSession(session).evaluate(async (p, name) => {
        const listed = await p.call("listTaskSpaces", [], { timeoutMs: 2000 });
        if (listed.channel !== "resolved") return { error: listed };
        const ours = ((listed.value as { taskSpaces: { id: number; name: string }[] }).taskSpaces ?? []).filter((s) => s.name === name);
        for (const space of ours) {
          p.ego.useTaskSpace(space.id);
          const closed = await p.call("closeTaskSpace", [], { timeoutMs: 2000 });
          if (closed.channel !== "resolved") return { error: closed };
        }
        return { left: 0 };
      }, name);
      if ((left as { left?: number }).left === 0) return true;
    } catch {
      // an infrastructure fault during cleanup: try again
    } finally {
      await session.close().catch(() => undefined);
    }
  }
  return false;
}

/** Every process that descends from `root` (from /proc). */
async function descendants(root: number): Promise<number[]> {
  const parent = new Map<number, number>();
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => undefined);
    if (!text) continue;
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    if (fields[0] === "Z") continue; // a zombie runs nothing
    parent.set(Number(entry), Number(fields[1]));
  }
  const found: number[] = [];
  for (const pid of parent.keys()) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        found.push(pid);
        break;
      }
    }
  }
  return found;
}

/** Live processes whose command line mentions `dir` (a launcher re-parented away from us would still be found). */
async function processesUsing(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    const state = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    if (cmdline.includes(dir) && !state.slice(state.lastIndexOf(")") + 2).startsWith("Z")) found.push(Number(entry));
  }
  return found;
}

async function describePids(pids: number[]): Promise<string[]> {
  return Promise.all(pids.map(async (pid) => `${pid} (${(await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "?")).replaceAll("\0", " ").trim().slice(0, 200)})`));
}

async function socketFds(): Promise<number> {
  let n = 0;
  for (const fd of await readdir("/proc/self/fd")) if ((await readlink(`/proc/self/fd/${fd}`).catch(() => "")).startsWith("socket:")) n++;
  return n;
}

function handleCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

function extraHandles(before: Map<string, number>): string[] {
  const extra: string[] = [];
  for (const [kind, n] of handleCounts()) if (n > (before.get(kind) ?? 0)) extra.push(`${kind} x${n - (before.get(kind) ?? 0)}`);
  return extra;
}

async function filesUnder(dir: string, test: (path: string, isSocket: boolean) => boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    const path = join(entry.parentPath, entry.name);
    const isSocket = await stat(path).then((s) => s.isSocket(), () => false);
    if (test(path, isSocket)) found.push(path);
  }
  return found;
}

/** Polls `check` until it finds nothing or the bound passes; the last finding. */
async function settle<T>(check: () => Promise<T[]> | T[], withinMs = 5000): Promise<T[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const found = await check();
    if (found.length === 0 || Date.now() > deadline) return found;
    await sleep(100);
  }
}

async function main(): Promise<number> {
  const root = await mkdtemp(join(tmpdir(), "ego-conformance-soak-"));
  const soakTmp = join(root, "tmp");
  await mkdir(soakTmp);
  const savedTmp = process.env.TMPDIR;
  const handlesBefore = handleCounts();
  process.env.TMPDIR = soakTmp; // the CLI target's connect-back directories land here, where they can be counted
  const plan = SOAK_PLAN(SEED);
  const server = createFakeAppServer({ dir: join(root, "app"), version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, infraFaultPlan: plan });
  await server.listen();
  const { cliPath } = await installFakeEgoLite({ dir: join(root, "bin"), appDir: server.paths.dir });
  // Baselines for what the invocations may leave: taken once the app listens and the launcher is
  // installed (bundling it leaves esbuild's service process and its pipes: not the soak's subject).
  const childrenBefore = new Set(await descendants(process.pid));
  const socketsBefore = await socketFds();
  process.stderr.write(`soak: ${N} invocations, seed ${SEED} (replay: npm run soak -- --seed ${SEED}${N !== 1000 ? ` --invocations ${N}` : ""})\n`);

  const counts = emptyOutcomeCounts();
  const retriedBy = new Map<string, number>();
  const failures: string[] = [];
  let cleanupsFailed = 0;
  const t0 = process.hrtime.bigint();
  // One new ego-browser per invocation, started when it is needed: no spare started ahead and no
  // freshness checks in between, so the app meets the same connections and calls in the same
  // order on every run of a seed, and the soak replays exactly.
  const target = createCliTarget({ cliPath, info: INFO, share: false, prewarm: 0, reuse: false, probeTimeoutMs: 10_000, processTimeoutMs: 10_000 });
  try {
    for (let i = 0; i < N; i++) {
      const name = `${PREFIX} ${SEED} ${i}`;
      const { result, retried } = await withInfraRetries(async () => {
        const attempt = await invoke(target, name);
        if (!attempt.ok && !(await cleanUp(target, name))) cleanupsFailed++;
        return attempt;
      });
      for (const cause of retried) retriedBy.set(cause, (retriedBy.get(cause) ?? 0) + 1);
      let outcome: Outcome;
      if (result.ok) outcome = retried.length ? "flaky" : "passed";
      else {
        const judged = outcomeOfError(result.error, "soak");
        outcome = judged.outcome === "failed" ? "failed" : "broken";
        if (failures.length < 10) failures.push(`#${i} ${outcome}: ${judged.message.split("\n")[0]}`);
      }
      counts[outcome] += 1;
      if (!values.json && (i + 1) % 100 === 0) process.stderr.write(`soak: ${i + 1}/${N} (${counts.passed} passed, ${counts.flaky} flaky, ${counts.broken} broken, ${counts.failed} failed)\n`);
    }
  } finally {
    await target.close();
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const stats = { ...target.stats };
  // The run-level cleanup, as a run does it after its tests: an answer that came late (a slow call
  // the probe had given up on) may have made a space after its attempt's cleanup looked. Once no
  // invocation is connected any more, close what the soak's spaces left, through the same faulty
  // bridge; what it closes is reported, and anything still there is a leak.
  await settle(async () => (server.describe().bridgeConnections > 0 ? [1] : []), 10_000);
  const sweeper = createCliTarget({ cliPath, info: INFO, share: false, prewarm: 0, probeTimeoutMs: 10_000, processTimeoutMs: 10_000 });
  const leftByAttempts = server.browser.app.listed().filter((s) => s.name.startsWith(PREFIX)).map((s) => s.name);
  try {
    for (const name of new Set(leftByAttempts)) if (!(await cleanUp(sweeper, name))) cleanupsFailed++;
  } finally {
    await sweeper.close();
  }
  const injected = new Map<string, number>();
  for (const f of server.infraFaults?.injected ?? []) injected.set(f.kind, (injected.get(f.kind) ?? 0) + 1);
  const calls = server.infraFaults?.counts ?? { invocations: 0, calls: 0 };

  // what the app still lists: checked directly in the app, not through the faulty bridge
  const spacesLeft = server.browser.app.listed().map((s) => `${s.id} '${s.name}'`);
  await server.close();

  const leaks: Record<string, string[]> = {
    "child processes": await describePids(await settle(async () => (await descendants(process.pid)).filter((pid) => !childrenBefore.has(pid)))),
    "processes running from the soak directory": await describePids(await settle(() => processesUsing(root))),
    "task spaces": spacesLeft,
    "open handles": await settle(() => extraHandles(handlesBefore)),
    "socket descriptors": await settle(async () => {
      const n = (await socketFds()) - socketsBefore;
      return n > 0 ? [`${n} more than before`] : [];
    }),
    "socket files": await filesUnder(root, (_, isSocket) => isSocket),
    "temporary files": await filesUnder(soakTmp, () => true),
  };
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  await rm(root, { recursive: true, force: true });

  const accounted = counts.passed + counts.failed + counts.broken + counts.flaky;
  const leaked = Object.entries(leaks).filter(([, found]) => found.length > 0);
  const ok = leaked.length === 0 && accounted === N && counts.failed === 0 && cleanupsFailed === 0;
  const report = {
    seed: SEED,
    invocations: N,
    wallSeconds: Math.round(seconds * 10) / 10,
    meanMs: Math.round((seconds * 1000) / N),
    counts: { passed: counts.passed, flaky: counts.flaky, broken: counts.broken, failed: counts.failed },
    accounted,
    unaccounted: N - accounted,
    retried: Object.fromEntries(retriedBy),
    injected: Object.fromEntries(injected),
    /** which fault met which invocation and call, hashed: equal on a replay of the seed */
    faultsDigest: createHash("sha256").update(JSON.stringify(server.infraFaults?.injected ?? [])).digest("hex").slice(0, 16),
    bridge: { invocations: calls.invocations, calls: calls.calls },
    processes: { started: stats.started, reused: stats.reused, retired: stats.retired },
    cleanupsFailed,
    closedByFinalCleanup: leftByAttempts.length,
    leaks: Object.fromEntries(leaked),
    failures,
    ok,
  };
  if (values.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const lines = [
      `soak: ${N} invocations in ${report.wallSeconds} s (${report.meanMs} ms each), seed ${SEED}`,
      `  passed ${counts.passed}, flaky ${counts.flaky}, broken ${counts.broken}, failed ${counts.failed}; accounted ${accounted}/${N}`,
      `  faults injected: ${[...injected].map(([k, n]) => `${k} ${n}`).join(", ") || "none"} (over ${calls.invocations} bridge connections, ${calls.calls} calls)`,
      `  retried after: ${[...retriedBy].map(([k, n]) => `${k} x${n}`).join("; ") || "nothing"}`,
      `  ego-browser processes: ${stats.started} started, ${stats.reused} sessions reused one`,
      `  task spaces left by attempts (late answers) and closed by the final cleanup: ${leftByAttempts.length}`,
      ...failures.map((f) => `  ${f}`),
      leaked.length ? `  LEAKS: ${leaked.map(([what, found]) => `${what}: ${found.slice(0, 5).join(", ")}`).join("; ")}` : "  leaks: none (processes, handles, sockets, temporary files, task spaces checked)",
      cleanupsFailed ? `  cleanups that did not finish: ${cleanupsFailed}` : "",
      ok ? "soak: OK" : "soak: FAILED",
    ].filter(Boolean);
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  return ok ? 0 : 1;
}

process.exitCode = await main();
