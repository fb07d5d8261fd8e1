/**
 * The Chromium processes behind the fake, one per profile, started on first need and shared by every
 * fake app of this process; they stay up for IDLE_MS after the last app lets go, so a process pays
 * Chromium's start once. A browser dies with its pipe, so never outlives the process that started it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { makeTempDir, removeTempDir } from "../../src/scratch/scratch-dir.js";
import { onNextTarget } from "../../src/target-scope/next-target.js";
import { CdpPipe, type CdpSend } from "./cdp-pipe.js";
import { chromiumArgs } from "./launch-args.js";

export const IDLE_MS = 3_000;
/** bound on a browser start: until its DevTools endpoint is announced */
export const LAUNCH_TIMEOUT_MS = 30_000;
/** how long a closing browser may take before it is killed */
const CLOSE_GRACE_MS = 2_000;

export interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
  title: string;
  browserContextId?: string;
  openerId?: string;
}

/** A target the browser attached the fake to: its info and a flattened session on it. */
export interface AttachedTarget {
  targetInfo: TargetInfo;
  sessionId: string;
  send: CdpSend;
}

/** Sets up a page of an adopted context; the page runs nothing until this has settled. */
export type PageOwner = (page: AttachedTarget) => Promise<void>;

export interface ProfileBrowser {
  readonly profileId: string;
  /** the fake's own DevTools connection (browser commands, and every attached page's session) */
  readonly cdp: CdpPipe;
  /** browser-level commands on that connection */
  readonly admin: { send: CdpSend };
  /** ws://127.0.0.1:<port>/devtools/browser/<id>: where the raw CDP relay connects */
  readonly endpoint: string;
  readonly dataDir: string;
  /**
   * Hands the pages of a browser context to `owner` as the browser attaches them (a new page is
   * held before it runs anything until `owner` settles). Returns the release.
   */
  adopt(browserContextId: string, owner: PageOwner): () => void;
}

interface Running extends ProfileBrowser {
  readonly process: ChildProcess;
  readonly exited: Promise<void>;
}

const browsers = new Map<string, Promise<Running>>();
const running = new Set<Running>();
let users = 0;
let idleTimer: NodeJS.Timeout | undefined;
let exitHook = false;

/** The endpoint Chromium announces on stderr; bounded by the process's exit and LAUNCH_TIMEOUT_MS, never by the stream alone. */
function announcedEndpoint(child: ChildProcess, exited: Promise<void>): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = "";
    let announced = false;
    const timer = setTimeout(() => reject(new Error(`fake bridge: Chromium did not announce its DevTools endpoint within ${LAUNCH_TIMEOUT_MS / 1000} s`)), LAUNCH_TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (chunk: string) => {
      if (announced) return; // the rest is drained unread
      text += chunk;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (m) {
        announced = true;
        done();
        resolve(m[1]!);
      } else if (text.length > 64 * 1024) text = text.slice(-4096);
    });
    void exited.then(() => {
      done();
      reject(new Error(`fake bridge: Chromium exited before it was ready${text ? `: ${text.trim().split("\n").slice(-3).join(" | ")}` : ""}`));
    });
  });
}

/**
 * Ends a browser now. The executable may be a wrapper script that runs Chromium as its child
 * (Debian's /usr/bin/chromium-headless-shell does): killing the wrapper alone would leave Chromium
 * running, so the pipe is closed too, and Chromium exits when it reads the end of its pipe.
 */
function kill(child: ChildProcess): void {
  for (const fd of [3, 4]) (child.stdio[fd] as Readable | Writable | null)?.destroy();
  child.kill("SIGKILL");
}

function killAllOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  // the fake app server and direct users of the fake end through here (their data directories go
  // at exit too, ../../src/scratch/scratch-dir.ts); a vitest worker is ended without it, and its
  // browsers die with their pipes, their directories with the run's scratch directory
  process.on("exit", () => {
    for (const b of running) kill(b.process);
  });
}

async function launch(executablePath: string, profileId: string): Promise<Running> {
  const dataDir = await makeTempDir("ego-fake-profile-");
  const child = spawn(executablePath, [...chromiumArgs(), `--user-data-dir=${dataDir}`, "--remote-debugging-pipe"], {
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  try {
    const endpoint = await announcedEndpoint(child, exited);
    const cdp = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable);
    const owners = new Map<string, PageOwner>();
    cdp.onEvent((event) => {
      if (event.method !== "Target.attachedToTarget" || event.sessionId !== undefined) return;
      const { sessionId, targetInfo, waitingForDebugger } = event.params as { sessionId: string; targetInfo: TargetInfo; waitingForDebugger: boolean };
      // a new target the browser holds for the fake; a session the fake attached itself (an
      // out-of-process frame for a snapshot) is its attacher's
      if (!waitingForDebugger) return;
      const send = cdp.session(sessionId);
      const owner = targetInfo.browserContextId === undefined ? undefined : owners.get(targetInfo.browserContextId);
      void (async () => {
        const kept = owner !== undefined && targetInfo.type === "page";
        // A popup (a page opened by a page: it has an opener) gets no answer to its setup until it
        // is resumed, so setup-first would wait forever and it would never load: its
        // setup is sent first, in order on its session, and the resume right after it,
        // without waiting for the answers. A tab the app opened keeps setup-first, so its new-tab
        // scripts are in before its own scripts run (test/chromium/new-tab-scripts.test.ts).
        const popup = targetInfo.openerId !== undefined && targetInfo.openerId !== "";
        const setup = kept ? owner({ targetInfo, sessionId, send }).catch(() => undefined) : Promise.resolve();
        if (!popup) await setup;
        await send("Runtime.runIfWaitingForDebugger").catch(() => undefined);
        await setup;
        if (!kept) await cdp.send("Target.detachFromTarget", { sessionId }).catch(() => undefined);
      })();
    });
    await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    const browser: Running = {
      profileId,
      cdp,
      admin: { send: (method, params) => cdp.send(method, params ?? {}) },
      endpoint,
      dataDir,
      process: child,
      exited,
      adopt(browserContextId, owner) {
        owners.set(browserContextId, owner);
        return () => {
          if (owners.get(browserContextId) === owner) owners.delete(browserContextId);
        };
      },
    };
    running.add(browser);
    killAllOnExit();
    return browser;
  } catch (error) {
    kill(child);
    await exited;
    await removeTempDir(dataDir);
    throw error;
  }
}

/** The profile's browser, started on first use. */
export function profileBrowser(executablePath: string, profileId: string): Promise<ProfileBrowser> {
  const key = `${executablePath}\u0000${profileId}`;
  let ready = browsers.get(key);
  if (ready === undefined) {
    ready = launch(executablePath, profileId);
    browsers.set(key, ready);
    // a failed start is not cached: the next caller tries again
    ready.catch(() => browsers.delete(key));
    const started = ready;
    // a browser that dies on its own is forgotten: the next caller starts another
    void started.then((b) => b.exited.then(() => {
      running.delete(b);
      if (browsers.get(key) === started) browsers.delete(key);
    }), () => undefined);
  }
  return ready;
}

/** A fake app starts using the pool. */
export function holdBrowsers(): void {
  users += 1;
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
}

/** A fake app is done; the browsers close after IDLE_MS when nobody took them again. */
export function releaseBrowsers(): void {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void shutdownBrowsers(), IDLE_MS);
  idleTimer.unref();
}

async function closeBrowser(b: Running): Promise<void> {
  const timer = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
  void b.cdp.send("Browser.close").catch(() => undefined);
  await Promise.race([b.exited, timer]);
  if (b.process.exitCode === null && b.process.signalCode === null) {
    kill(b.process);
    await b.exited;
  }
  running.delete(b);
  await removeTempDir(b.dataDir);
}

/** Closes every browser of this process and removes their data directories. */
export async function shutdownBrowsers(): Promise<void> {
  if (idleTimer !== undefined) clearTimeout(idleTimer);
  idleTimer = undefined;
  const entries = [...browsers.values()];
  browsers.clear();
  await Promise.all(
    entries.map(async (entry) => {
      const b = await entry.catch(() => undefined);
      if (b !== undefined) await closeBrowser(b as Running);
    }),
  );
}

// a worker thread kept for another target: no browser serves two targets (their profiles and
// contexts would outlive the target that made them)
onNextTarget(async () => {
  users = 0;
  await shutdownBrowsers();
});

/** How many browsers this process runs (for tests and the bench). */
export function runningBrowsers(): number {
  return browsers.size;
}
