/**
 * The fake Ego Lite app as a server: one FakeApp shared by every invocation, as the real app holds its
 * state across `ego-browser nodejs` runs, on a bridge and an operator socket in a 0700 directory.
 */
import { removeSocket, restrictSocket } from "../../src/files/owned-files.js";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import type { PagesChoice } from "../../src/contract/pages-choice.js";
import { shutdownBrowsers } from "../chromium/browser-pool.js";
import { createFakeBrowser, type FakeBrowser, type FakeBrowserOptions } from "../index.js";
import { appPaths, ensureAppDir, type AppPaths } from "./app-dir.js";
import { InfraFaultInjector } from "../infra-faults/inject.js";
import type { InfraFaultPlan } from "../infra-faults/plan.js";
import { bridgeCalls } from "./bridge-endpoint.js";
import { readJsonLines, writeJsonLine } from "../../src/wire/json-lines.js";
import { serveOperator, type ServerDescription } from "./operator-endpoint.js";
import { isRunRequest, type Welcome } from "./protocol.js";
import { scriptProcesses } from "./script-processes.js";
import { namedError } from "../../src/errors/named-error.js";

export interface FakeAppServerOptions extends FakeBrowserOptions {
  /** the directory of the sockets (default ./app-dir.ts defaultAppDir()) */
  dir?: string;
  /** the persona the build stands for, reported by describe */
  persona?: string;
  /** infrastructure faults (../infra-faults): each bridge connection is one invocation */
  infraFaultPlan?: InfraFaultPlan;
  /** where the pages come from (reported by describe; `chromium` needs FakeBrowserOptions.chromium) */
  pages?: PagesChoice;
  /** why real pages were asked for and are not there (reported by describe) */
  pagesWarning?: string;
  /**
   * the environment of every script the app runs (default: the app's own, the one `fake start`
   * was given): the script is the app's child and never sees its caller's
   */
  scriptEnv?: Record<string, string>;
}

export interface FakeAppServer {
  readonly paths: AppPaths;
  readonly browser: FakeBrowser;
  /** the infrastructure-fault injector, when the app has a plan (its log says what was injected) */
  readonly infraFaults: InfraFaultInjector | undefined;
  listen(): Promise<void>;
  /** stops listening, ends every connection and removes the socket files */
  close(): Promise<void>;
  /** resolves when an operator asked the app to shut down */
  readonly shutdownRequested: Promise<void>;
  describe(): ServerDescription;
}

export class AppAlreadyRunningError extends namedError("AppAlreadyRunningError") {}

/** Whether something accepts connections on the socket path. */
export function socketAnswers(path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (answer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

async function listenOn(server: Server, path: string): Promise<void> {
  if (await socketAnswers(path)) throw new AppAlreadyRunningError(`a fake app already answers at ${path}`);
  await removeSocket(path); // a stale socket file of an app that did not stop cleanly
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await restrictSocket(path);
}

export function createFakeAppServer(options: FakeAppServerOptions = {}): FakeAppServer {
  const paths = appPaths(options.dir);
  const { infraFaultPlan, ...browserOptions } = options;
  const browser = createFakeBrowser(browserOptions);
  const infraFaults = infraFaultPlan ? new InfraFaultInjector(infraFaultPlan) : undefined;
  const features = [...(options.features ?? NEWEST_BUILD.features)];
  const mutants = [...(options.mutants ?? [])];
  const welcome: Welcome = { t: "welcome", version: browser.app.version, features, openDetails: { ...options.openDetails }, mutants };
  const sockets = new Set<Socket>();
  let startedAt = new Date();
  let requestShutdown!: () => void;
  const shutdownRequested = new Promise<void>((resolve) => (requestShutdown = resolve));

  const describe = (): ServerDescription => ({
    pid: process.pid,
    version: browser.app.version,
    features,
    mutants,
    ...(options.persona ? { persona: options.persona } : {}),
    closeDelayMs: browser.app.behaviour.closeDelayMs,
    pages: browser.app.pages !== undefined ? "chromium" : "model",
    ...(options.pagesWarning ? { pagesWarning: options.pagesWarning } : {}),
    startedAt: startedAt.toISOString(),
    bridgeSocket: paths.bridgeSocket,
    operatorSocket: paths.operatorSocket,
    bridgeConnections: bridgeCount(),
  });

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  // an invocation counts until its connection closed and its script's process (if any) ended
  let bridges = 0;
  const bridgeCount = () => bridges;
  const scripts = scriptProcesses({ welcome, appSocket: paths.bridgeSocket, scriptEnv: options.scriptEnv ?? appEnvironment() });
  const bridgeServer = createServer((socket) => {
    track(socket);
    bridges += 1;
    // one invocation of the infrastructure-fault injector: the launcher's connection and its script's calls
    const faults = infraFaults?.newInvocation();
    writeJsonLine(socket, faults?.launch ? { ...welcome, launch: faults.launch } : welcome);
    // the first message decides: a launcher's run request, or a binding's first call
    let handle: ((message: unknown) => void) | undefined;
    let scriptEnded: Promise<void> = Promise.resolve();
    socket.on("close", () => void scriptEnded.then(() => (bridges -= 1)));
    readJsonLines(socket, (message) => {
      if (handle === undefined) {
        if (isRunRequest(message)) {
          const run = scripts.start(socket, message, (channel) => readJsonLines(channel, bridgeCalls(channel, browser.app, faults)));
          scriptEnded = run.ended;
          handle = run.onLine;
          return;
        }
        handle = bridgeCalls(socket, browser.app, faults);
      }
      handle(message);
    });
  });
  const operatorServer = createServer((socket) => {
    track(socket);
    serveOperator(socket, browser, { describe, shutdown: () => requestShutdown() });
  });

  return {
    paths,
    browser,
    infraFaults,
    shutdownRequested,
    describe,
    async listen() {
      await ensureAppDir(paths.dir);
      await listenOn(bridgeServer, paths.bridgeSocket);
      await listenOn(operatorServer, paths.operatorSocket);
      startedAt = new Date();
    },
    async close() {
      const closed = [bridgeServer, operatorServer].map(
        (server) => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())),
      );
      for (const socket of sockets) socket.destroy();
      await scripts.killAll();
      await Promise.all(closed);
      // the app's pages, then the browsers of this process (the server process hosts one app)
      await browser.shutdown();
      await shutdownBrowsers();
      await removeSocket(paths.bridgeSocket);
      await removeSocket(paths.operatorSocket);
    },
  };
}

/** The app process's own environment, as strings (what `fake start` gave it). */
function appEnvironment(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => typeof e[1] === "string"));
}
