/**
 * The fake installed as a real Ego Lite would be, for the installed-target tests: the fake app
 * server (in this process, on unix sockets in a temp directory) and its `ego-browser` launcher
 * written by the install helper, on a temporary PATH or inside a temporary app bundle. The
 * ego-conformance CLI runs as a user runs it, with an environment built here (no EGO_BROWSER_BIN,
 * a HOME whose ~/Applications is a temp directory, so no real install can take over).
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa, type ResultPromise } from "execa";
import { afterAll } from "vitest";
import { Ledger } from "../../src/safety/ledger.js";
import { createCliTarget } from "../../src/targets/cli/cli-target.js";
import { createFakeAppServer, type FakeAppServer, type FakeAppServerOptions } from "../../fake-bridge/server/app-server.js";
import { installFakeEgoLite, type InstalledFakeEgoLite, type InstallOptions } from "../../fake-bridge/server/install.js";
import { serverOptions, type AppChoice } from "../../fake-bridge/server/options.js";
import { writeAppState } from "../../fake-bridge/server/state-file.js";
import { createOperatorClient, type FakeAppOperator } from "../../fake-bridge/server/operator-client.js";
import { PROJECT_ROOT } from "../cli/run-cli.js";
import { tempDir } from "../support/temp-dir.js";
import { tagged } from "../support/leak-check.js";

const BIN = join(PROJECT_ROOT, "bin/ego-conformance.mjs");

export interface InstalledWorld {
  root: string;
  server: FakeAppServer;
  installed: InstalledFakeEgoLite;
  /** the operator endpoint (for --operator) */
  operatorSocket: string;
  /** an operator client on the app: a person at the browser, and the app's state */
  operator: FakeAppOperator;
  /** HOME for the CLI: ~/Applications is `${home}/Applications` */
  home: string;
  /** a PATH that holds the launcher's directory first, then the system's */
  pathWithLauncher: string;
  close(): Promise<void>;
}

/** `server` overrides what the app choice gives the app (a build whose version is no version at all, for the printers' tests). */
export async function installedWorld(options: { app?: AppChoice; server?: Partial<FakeAppServerOptions>; install?: Omit<InstallOptions, "dir" | "appDir">; installDir?: (root: string) => string } = {}): Promise<InstalledWorld> {
  const root = await tempDir("inst");
  const appDir = join(root, "app");
  const server = createFakeAppServer({ ...serverOptions(options.app ?? {}), ...options.server, dir: appDir });
  await server.listen();
  // an app on the page model says so in its state file, as the app process does (fake-bridge/server/main.ts):
  // the run reads it for the target's page capabilities (src/targets/fake/pages-capability.ts)
  if (options.app?.pages === "model") await recordModelPages(server);
  const home = join(root, "home");
  await mkdir(join(home, "Applications"), { recursive: true });
  const dir = options.installDir ? options.installDir(root) : join(root, "bin");
  const installed = await installFakeEgoLite({ dir, appDir, ...options.install });
  const operator = createOperatorClient(server.paths.operatorSocket);
  return {
    root,
    server,
    installed,
    operatorSocket: server.paths.operatorSocket,
    operator,
    home,
    pathWithLauncher: `${dir}:/usr/local/bin:/usr/bin:/bin`,
    async close() {
      await operator.close();
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function recordModelPages(server: FakeAppServer): Promise<void> {
  const d = server.describe();
  await writeAppState(server.paths.stateFile, { pid: process.pid, bridgeSocket: d.bridgeSocket, operatorSocket: d.operatorSocket, version: d.version, features: d.features, mutants: d.mutants, closeDelayMs: d.closeDelayMs, startedAt: d.startedAt, pages: "model" });
}

/** A factory of installed worlds for one test file, all closed after its tests. */
export function worldsClosedAfterAll(): (...args: Parameters<typeof installedWorld>) => Promise<InstalledWorld> {
  const worlds: InstalledWorld[] = [];
  afterAll(async () => {
    await Promise.all(worlds.map((w) => w.close()));
  });
  return async (...args) => {
    const w = await installedWorld(...args);
    worlds.push(w);
    return w;
  };
}

/** The CLI's environment: only what is given, plus HOME and a system PATH (no EGO_BROWSER_BIN). */
export function cliEnv(world: Pick<InstalledWorld, "home">, extra: Record<string, string> = {}): Record<string, string> {
  return { HOME: world.home, PATH: "/usr/local/bin:/usr/bin:/bin", TMPDIR: tmpdir(), ...extra };
}

/**
 * `ego-conformance ARGS` as a subprocess (await it, or signal it first). After the test, nothing
 * it started may still run (test/support/leak-check.ts).
 */
export function egoConformance(args: string[], options: { env: Record<string, string>; timeoutMs?: number }): ResultPromise<{ reject: false }> {
  return execa(process.execPath, [BIN, ...args], {
    cwd: PROJECT_ROOT,
    reject: false,
    env: tagged(options.env),
    extendEnv: false,
    stdin: "ignore",
    timeout: options.timeoutMs ?? 120_000,
  }) as ResultPromise<{ reject: false }>;
}

/** Resolves once the run's progress line has counted `clauses` clauses; fails after `withinMs` without. */
export async function progressPast(run: ResultPromise<{ reject: false }>, clauses: number, withinMs: number): Promise<void> {
  let progressed = false;
  run.stderr!.on("data", (chunk: Buffer) => {
    if ([...chunk.toString().matchAll(/conformance \[(\d+)\//g)].some((m) => Number(m[1]) >= clauses)) progressed = true;
  });
  const waitUntil = Date.now() + withinMs;
  while (!progressed) {
    if (Date.now() > waitUntil) throw new Error(`the run made no progress within ${withinMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** environment.properties of a results directory, as a map (keys unescaped). */
export async function environmentOf(resultsDir: string): Promise<Record<string, string>> {
  const text = await readFile(join(resultsDir, "environment.properties"), "utf8");
  const out: Record<string, string> = {};
  for (const line of text.split("\n").filter(Boolean)) {
    const m = /^((?:\\.|[^=])*)=(.*)$/.exec(line);
    if (m) out[m[1]!.replace(/\\(.)/g, "$1")] = m[2]!.replace(/\\(.)/g, "$1");
  }
  return out;
}

/** The names of the app's spaces that carry a run's prefix (any run). */
export async function harnessSpaces(operator: FakeAppOperator): Promise<string[]> {
  return (await operator.listSpaces()).map((s) => s.name).filter((n) => n.startsWith("ego-conformance "));
}

/** An agent-created space on the installed browser, made the way a run makes one (optionally completed: user-owned). */
/** An agent space made through the installed CLI; `complete` leaves it user-owned, `handOff` delegated to the user. */
export async function agentSpace(cliPath: string, name: string, options: { complete?: boolean; handOff?: boolean } = {}): Promise<{ id: number }> {
  const target = createCliTarget({ cliPath, prewarm: 0, share: false, info: { kind: "installed", name: cliPath, egoVersion: null, egoVersionText: null, versionSource: "test", features: new Set(), capabilities: new Set() } });
  try {
    const session = await target.openSession();
    const made = await session.evaluate(
      async (p, name, complete, handOff) => {
        const r = (await p.ego.createTaskSpace(name as string)) as { id: number };
        if (complete || handOff) p.ego.useTaskSpace(r.id);
        if (complete) await p.ego.completeTaskSpace();
        if (handOff) await p.ego.handOffTaskSpace();
        return { id: r.id };
      },
      name,
      options.complete === true,
      options.handOff === true,
    );
    await session.close();
    return made;
  } finally {
    await target.close();
  }
}

/** The run ledger the CLI uses under the world's HOME. */
export function worldLedger(home: string): Ledger {
  return new Ledger(join(home, ".local", "state", "ego-conformance", "ledger.jsonl"));
}

/** A pid that is certainly gone: a process that has exited. */
export async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ["-e", ""]);
  await child;
  return child.pid!;
}
