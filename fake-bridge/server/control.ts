/**
 * Starting, stopping and asking after a fake app process, for `ego-conformance fake start|stop|status`
 * and for runs and tests. Only a process whose endpoint confirms its pid is ever signalled.
 */
import { startGroup } from "../../src/processes/groups.js";
import { checkoutBundle } from "../../src/processes/checkout-bundle.mjs";
import { readFile } from "node:fs/promises";
import { openLogForAppend, removeSocket } from "../../src/files/owned-files.js";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createOperatorClient, type FakeAppOperator } from "./operator-client.js";
import { appPaths, defaultAppDir, ensureAppDir, type AppPaths } from "./app-dir.js";
import type { ServerDescription } from "./operator-endpoint.js";
import { appChoiceArgs, serverOptions, type AppChoice } from "./options.js";
import { readAppState, removeAppState, type AppState } from "./state-file.js";
import { namedError } from "../../src/errors/named-error.js";

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
const SERVER_MAIN = resolve(import.meta.dirname, "main.ts");
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * How the app's process loads ./main.ts: in a checkout, as one cached esbuild bundle
 * (src/processes/checkout-bundle.mjs: no TypeScript loader to start in it); through tsx in a
 * packed build, or when the bundle cannot be had.
 */
async function serverEntry(): Promise<string[]> {
  const bundle = await checkoutBundle("fake-bridge/server/main.ts");
  return bundle === undefined ? ["--import", TSX_LOADER, SERVER_MAIN] : [bundle];
}

export interface RunningApp {
  readonly pid: number;
  readonly paths: AppPaths;
  /** an operator client on the app (close it, or call stop(), when done) */
  readonly operator: FakeAppOperator;
  describe(): Promise<ServerDescription>;
  stop(): Promise<StopResult>;
}

export class FakeAppStartError extends namedError("FakeAppStartError", "bad-input") {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function logTail(path: string, chars = 2000): Promise<string> {
  const text = await readFile(path, "utf8").catch(() => "");
  return text.slice(-chars).trim();
}

/** What answers on the app's operator endpoint, or undefined when nothing does. */
async function probeEndpoint(paths: AppPaths, timeoutMs = 1000): Promise<ServerDescription | undefined> {
  const client = createOperatorClient(paths.operatorSocket, { timeoutMs });
  try {
    return await client.describe();
  } catch {
    return undefined;
  } finally {
    await client.close();
  }
}

export interface StartOptions extends AppChoice {
  /** bound on the wait until the app answers (default 20 s) */
  readyTimeoutMs?: number;
  /**
   * "command" (a run that starts the app for itself): its process group ends with the command
   * whatever happens (src/processes/groups.ts); "detached" (`fake start`, the default): it outlives it
   */
  lifetime?: "command" | "detached";
}

/** Starts a fake app process in `choice.dir` (default directory otherwise) and waits until it answers. */
export async function startFakeApp(options: StartOptions = {}): Promise<RunningApp> {
  serverOptions(options); // reject a bad choice here, with its own message, before spawning
  const paths = appPaths(options.dir ?? defaultAppDir());
  await ensureAppDir(paths.dir);
  const alreadyRunning = (pid: number) => new FakeAppStartError(`a fake app is already running in ${paths.dir} (pid ${pid}); stop it first`);
  const running = await probeEndpoint(paths);
  if (running) throw alreadyRunning(running.pid);
  const log = await openLogForAppend(paths.logFile);
  let child;
  try {
    child = startGroup(process.execPath, [...(await serverEntry()), ...appChoiceArgs({ ...options, dir: paths.dir })], {
      cwd: PROJECT_ROOT,
      // the app writes its log itself (a descriptor it inherits), not through this process
      stdio: ["ignore", log.fd, log.fd] as unknown as ["ignore", "inherit", "inherit"],
      reject: false,
      buffer: false,
      extendEnv: true,
    }, options.lifetime ?? "detached");
  } finally {
    await log.close();
  }
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.once("exit", (code, signal) => (exited = { code, signal }));
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new FakeAppStartError("the fake app process could not be spawned");
  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  for (;;) {
    if (exited) {
      // another start in the same directory won the race (two `fake start` at once): that is the
      // one thing to say; the shared log's tail would be the winner's lines
      const winner = await probeEndpoint(paths, 500);
      if (winner && winner.pid !== pid) throw alreadyRunning(winner.pid);
      throw new FakeAppStartError(`the fake app exited before answering (code ${exited.code}, signal ${exited.signal}): ${await logTail(paths.logFile)}`);
    }
    const description = await probeEndpoint(paths, 500);
    if (description && description.pid === pid) break;
    if (Date.now() > deadline) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
      throw new FakeAppStartError(`the fake app did not answer within ${options.readyTimeoutMs ?? 20_000} ms: ${await logTail(paths.logFile)}`);
    }
    await sleep(50);
  }
  return handle(pid, paths);
}

function handle(pid: number, paths: AppPaths): RunningApp {
  const operator = createOperatorClient(paths.operatorSocket);
  return {
    pid,
    paths,
    operator,
    describe: () => operator.describe(),
    async stop() {
      await operator.close();
      return stopFakeApp({ dir: paths.dir });
    },
  };
}

export type StopResult =
  | { stopped: true; pid: number; how: "SIGTERM" | "SIGKILL" }
  | { stopped: false; reason: string };

/** Stops the app of a directory: SIGTERM, SIGKILL after `graceMs` (default 3 s). */
export async function stopFakeApp(options: { dir?: string; graceMs?: number } = {}): Promise<StopResult> {
  const paths = appPaths(options.dir ?? defaultAppDir());
  const state = await readAppState(paths.stateFile);
  const answering = await probeEndpoint(paths);
  const pid = answering?.pid;
  if (pid === undefined) {
    if (state) {
      await removeAppState(paths.stateFile);
      return { stopped: false, reason: `no fake app answers in ${paths.dir}; removed the stale record of pid ${state.pid} without signalling it` };
    }
    return { stopped: false, reason: `no fake app is running in ${paths.dir}` };
  }
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + (options.graceMs ?? 3000);
  while (alive(pid) && Date.now() < deadline) await sleep(25);
  let how: "SIGTERM" | "SIGKILL" = "SIGTERM";
  if (alive(pid)) {
    process.kill(pid, "SIGKILL");
    how = "SIGKILL";
    while (alive(pid)) await sleep(25);
  }
  await removeAppState(paths.stateFile);
  await removeSocket(paths.bridgeSocket);
  await removeSocket(paths.operatorSocket);
  return { stopped: true, pid, how };
}

export type AppStatus =
  | ({ running: true; uptimeMs: number; dir: string } & ServerDescription)
  | { running: false; dir: string; reason: string; stale?: AppState };

export async function fakeAppStatus(options: { dir?: string } = {}): Promise<AppStatus> {
  const paths = appPaths(options.dir ?? defaultAppDir());
  const description = await probeEndpoint(paths);
  if (description) return { running: true, dir: paths.dir, uptimeMs: Date.now() - Date.parse(description.startedAt), ...description };
  const state = await readAppState(paths.stateFile);
  return state
    ? { running: false, dir: paths.dir, reason: `pid ${state.pid} is recorded but nothing answers at ${paths.operatorSocket}`, stale: state }
    : { running: false, dir: paths.dir, reason: `no fake app is running in ${paths.dir}` };
}
