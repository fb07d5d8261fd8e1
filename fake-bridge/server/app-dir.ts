/**
 * Where a fake app lives: a directory only its user can open (mode 0700), holding the two
 * sockets (mode 0600), the state file and the log. Default: `$XDG_RUNTIME_DIR/ego-conformance`,
 * else `<os.tmpdir()>/ego-conformance-<uid>`.
 */
import type { Stats } from "node:fs";
import { lstat } from "node:fs/promises";
import { claimOwnedDir, OutputPathError } from "../../src/files/output-dir.js";
import { tmpdir, userInfo } from "node:os";
import { join, resolve } from "node:path";
import { namedError } from "../../src/errors/named-error.js";

export interface AppPaths {
  dir: string;
  /** the bridge endpoint `ego-browser nodejs` connects to */
  bridgeSocket: string;
  /** the operator endpoint (the human at the browser, and inspection) */
  operatorSocket: string;
  /** pid, sockets, build and start time of the running app (./state-file.ts) */
  stateFile: string;
  /** stdout and stderr of a detached app */
  logFile: string;
}

export function defaultAppDir(env: NodeJS.ProcessEnv = process.env): string {
  const runtime = env.XDG_RUNTIME_DIR;
  return runtime ? join(runtime, "ego-conformance") : join(tmpdir(), `ego-conformance-${userInfo().uid}`);
}

/**
 * The app's paths, absolute: a relative `dir` is resolved once, against this process's working
 * directory (the caller's, for `fake start|stop|status`), so the app it starts, which runs in the
 * project root, binds where the caller looks.
 */
export function appPaths(given: string = defaultAppDir()): AppPaths {
  const dir = resolve(given);
  return {
    dir,
    bridgeSocket: join(dir, "app.sock"),
    operatorSocket: join(dir, "operator.sock"),
    stateFile: join(dir, "app.json"),
    logFile: join(dir, "app.log"),
  };
}

export class AppDirError extends namedError("AppDirError", "bad-input") {}

/**
 * Creates the directory with mode 0700, or checks an existing one: it must be a directory (not a
 * symlink) owned by this user that no one else can reach (no group or other permission bits). An
 * existing directory is never changed: one with a wider mode is refused, naming its mode. The
 * folder is the app's own: it is used only when it is new, empty, or carries the marker the app
 * wrote there (`.ego-conformance-fake-app`); a folder holding someone's files (`--dir ~`) is refused,
 * so the app's state file, log and sockets never replace, append to or remove a user's file.
 */
export async function ensureAppDir(dir: string): Promise<void> {
  const existed = await lstat(dir).then(() => true, () => false);
  if (existed) checkAppDirMode(dir, await lstat(dir), existed);
  try {
    await claimOwnedDir(dir, "fake-app", { what: "the fake app's directory (--dir)" }, 0o700);
  } catch (error) {
    throw new AppDirError(error instanceof OutputPathError ? error.message : `cannot create ${dir}: ${(error as Error).message}`);
  }
  checkAppDirMode(dir, await lstat(dir), existed);
}

function checkAppDirMode(dir: string, info: Stats, existed: boolean): void {
  if (!info.isDirectory()) throw new AppDirError(`${dir} is not a directory${info.isSymbolicLink() ? " (a symbolic link)" : ""}`);
  const uid = userInfo().uid;
  if (info.uid !== uid) throw new AppDirError(`${dir} belongs to uid ${info.uid}, not to this user (${uid})`);
  const mode = info.mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new AppDirError(
      `refusing ${dir} as the fake app's directory: its mode is 0${mode.toString(8)}, so other users could reach its sockets; ` +
        `${existed ? "it is not ours to change: " : ""}give a new directory (created with mode 0700), or one only you can reach (chmod 700)`,
    );
  }
}
