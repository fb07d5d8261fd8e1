/**
 * A parent-death watchdog in every vitest worker: when the CLI is gone (SIGKILL, a crash) the worker
 * kills the `ego-browser` groups it started and then vitest, so nothing drives the user's browser
 * without cleanup or safety check.
 */
import { killEveryGroup } from "./groups.js";
import { pidAlive } from "./proc.js";

export const CLI_PID_ENV = "EGO_CONFORMANCE_CLI_PID";

const POLL_MS = 200;
/** after killing its own launchers, how long a worker leaves the other workers to kill theirs */
const GRACE_MS = 400;

/** Calls `onDeath` once `pid` is gone: dead, or no longer this process's parent when it was. */
export function watchParent(pid: number, onDeath: () => void, everyMs = POLL_MS): () => void {
  const wasParent = process.ppid === pid;
  const timer = setInterval(() => {
    if ((wasParent && process.ppid !== pid) || !pidAlive(pid)) {
      clearInterval(timer);
      onDeath();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

const STARTED = Symbol.for("ego-conformance.parent-watchdog");

/** In a vitest worker of a run: once per thread; nothing when vitest was not started by the CLI. */
export function startWorkerWatchdog(env: NodeJS.ProcessEnv = process.env): void {
  const pid = Number(env[CLI_PID_ENV]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  const g = globalThis as { [STARTED]?: boolean };
  if (g[STARTED]) return;
  g[STARTED] = true;
  watchParent(pid, () => {
    process.stderr.write(`ego-conformance: the CLI (pid ${pid}) is gone: stopping this run's ego-browser processes and vitest\n`);
    const reason = `the CLI (pid ${pid}) is gone`;
    killEveryGroup(reason);
    setTimeout(() => {
      killEveryGroup(reason);
      process.kill(process.pid, "SIGKILL");
    }, GRACE_MS);
  });
}
