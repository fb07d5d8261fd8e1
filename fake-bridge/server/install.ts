/**
 * Installs a fake Ego Lite CLI, so the harness and a person reach the fake app as they reach a real
 * build: an `ego-browser` wrapper that starts node with an empty environment, its bundle, config and
 * SDK under `.ego-browser/`, and optionally an app bundle. The launcher knows its app from the config.
 */
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { writeFileAtomic } from "../../src/files/output-dir.js";
import { createNewFile, createSymlink, makeDirectory, removeOwnFile, removeOwnTree } from "../../src/files/owned-files.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import type { LauncherConfig } from "./launcher-config.js";
import { appPaths, defaultAppDir } from "./app-dir.js";
import { infoPlist, type PlistFormat } from "./info-plist.js";
import { launcherBundle } from "./launcher-bundle.js";
import { namedError } from "../../src/errors/named-error.js";

export const CLI_NAME = "ego-browser";
export const APP_BUNDLE_NAME = "ego lite.app";
const FRAMEWORK = join("Contents", "Frameworks", "ego Framework.framework");
const BUNDLED_SDK_SOURCE = resolve(import.meta.dirname, "../bin/bundled-sdk.mjs");
/** The line that marks a launcher this module wrote (src/targets/fake/fake-app-on-demand.ts looks for it). */
export const INSTALLED_WRAPPER_MARK = "The fake Ego Lite launcher, installed by ego-conformance";
/** The file that marks an app bundle this module wrote (inside `Contents/`). */
export const INSTALLED_BUNDLE_MARKER = ".ego-conformance-fake-install";

/** An install would replace an app or a CLI this module did not install (and --force was not given). */
export class InstallRefusedError extends namedError("InstallRefusedError", "bad-input") {}

export interface InstallOptions {
  /** where to install (created if missing) */
  dir: string;
  /** the fake app's directory (default: the default app directory, resolved now) */
  appDir?: string;
  /** CFBundleShortVersionString of the app bundle (default: the fake's default version) */
  version?: string;
  /** print `ego's nodejs process exited with code N` and exit 0 when the script fails */
  exitQuirk?: boolean;
  /** reject --sdk-path as an unknown option, like builds that predate it */
  rejectSdkPath?: boolean;
  /** a launcher that never answers and never exits */
  hang?: boolean;
  /** a launcher that leaves a child in its own session holding stdout/stderr for this many ms */
  backgroundChildMs?: number;
  /** a launcher that floods stdout and stderr while the script runs */
  flood?: boolean;
  /** a launcher that dies (SIGKILL) this many ms after the script started */
  dieAfterMs?: number;
  /** also write a macOS-style app bundle with an Info.plist in this format */
  appBundle?: PlistFormat | false;
  /** replace an existing app bundle or CLI even when this module did not install it */
  force?: boolean;
}

export interface InstalledFakeEgoLite {
  /** `<dir>/ego-browser`: what to run */
  cliPath: string;
  /** the bundle's helper, when an app bundle was written (cliPath links to it) */
  helperPath?: string;
  bundlePath?: string;
  configPath: string;
  config: LauncherConfig;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function wrapper(runtimeDir: string): string {
  return [
    "#!/bin/sh",
    `# ${INSTALLED_WRAPPER_MARK} (fake-bridge/server/install.ts).`,
    "# Like the real launcher it does not pass the caller's environment to the script: the launcher",
    "# sends none, and the app starts the script with its own (unless the app's environment-forwarded",
    "# mutant says otherwise), and the script runs in the app's working directory. NODE_OPTIONS is",
    "# never the launcher's own.",
    `exec /usr/bin/env -u NODE_OPTIONS ${shellQuote(process.execPath)} ${shellQuote(join(runtimeDir, "launcher.mjs"))} ${shellQuote(join(runtimeDir, "config.json"))} "$@"`,
    "",
  ].join("\n");
}

async function writeExecutable(path: string, text: string): Promise<void> {
  await writeFileAtomic(path, text, { mode: 0o755 });
}

/** Whether the app bundle at `bundlePath` was written by this module (it carries the marker). */
async function ownBundle(bundlePath: string): Promise<boolean> {
  return lstat(join(bundlePath, "Contents", INSTALLED_BUNDLE_MARKER)).then((s) => s.isFile(), () => false);
}

/** Whether the CLI at `cliPath` was written by this module: our wrapper, or a link into our bundle in `dir`. */
async function ownCli(cliPath: string, dir: string): Promise<boolean> {
  const info = await lstat(cliPath);
  if (info.isSymbolicLink()) {
    const target = resolve(dirname(cliPath), await readlink(cliPath));
    const bundle = join(dir, APP_BUNDLE_NAME);
    return target.startsWith(bundle + sep) && (await ownBundle(bundle));
  }
  if (!info.isFile()) return false;
  const head = await readFile(cliPath, "utf8").then((t) => t.slice(0, 4096), () => "");
  return head.includes(INSTALLED_WRAPPER_MARK);
}

/** The existing app bundle and CLI an install would replace that this module did not install. */
export async function foreignInstall(dir: string, appBundle: boolean): Promise<string[]> {
  const foreign: string[] = [];
  const bundlePath = join(dir, APP_BUNDLE_NAME);
  const cliPath = join(dir, CLI_NAME);
  if (appBundle && (await lstat(bundlePath).then(() => true, () => false)) && !(await ownBundle(bundlePath))) foreign.push(`the app bundle ${bundlePath}`);
  if ((await lstat(cliPath).then(() => true, () => false)) && !(await ownCli(cliPath, dir))) foreign.push(`the CLI ${cliPath}`);
  return foreign;
}

/** What an install writes into `<dir>/.ego-browser` (besides the marker). */
const RUNTIME_ENTRIES = new Set(["launcher.mjs", "config.json", "sdk", "work"]);

/**
 * Why `<dir>/.ego-browser` may not be written, or undefined when it may: it is missing, empty, or
 * a real directory carrying the marker (or, from before the marker, one beside our own CLI holding
 * only what an install writes), and its sdk/ and work/ are real directories. Never a symbolic link.
 * `--force` does not override this: it replaces a CLI or a bundle, never someone's files here.
 */
async function runtimeDirProblem(runtimeDir: string, dir: string): Promise<string | undefined> {
  const info = await lstat(runtimeDir).catch(() => undefined);
  if (info === undefined) return undefined;
  if (info.isSymbolicLink()) return `${runtimeDir} is a symbolic link, and fake install never writes through one`;
  if (!info.isDirectory()) return `${runtimeDir} is not a directory`;
  const entries = await readdir(runtimeDir);
  if (entries.length === 0) return undefined;
  const marked = await lstat(join(runtimeDir, INSTALLED_BUNDLE_MARKER)).then((m) => m.isFile(), () => false);
  const cliPath = join(dir, CLI_NAME);
  const legacy = !marked && entries.every((e) => RUNTIME_ENTRIES.has(e)) && (await lstat(cliPath).then(() => ownCli(cliPath, dir), () => false));
  if (!marked && !legacy) return `${runtimeDir} holds files ego-conformance did not write (no ${INSTALLED_BUNDLE_MARKER} in it)`;
  for (const sub of ["sdk", "work"]) {
    const s = await lstat(join(runtimeDir, sub)).catch(() => undefined);
    if (s !== undefined && !s.isDirectory()) return `${join(runtimeDir, sub)} is not a directory${s.isSymbolicLink() ? " (a symbolic link)" : ""}`;
  }
  return undefined;
}

/** Write beside and rename: a symbolic link at `path` is replaced, never written through. */
async function writeBeside(path: string, data: string | Uint8Array): Promise<void> {
  await writeFileAtomic(path, data);
}

export async function installFakeEgoLite(options: InstallOptions): Promise<InstalledFakeEgoLite> {
  const dir = resolve(options.dir);
  const runtimeProblem = await runtimeDirProblem(join(dir, ".ego-browser"), dir);
  if (runtimeProblem !== undefined) {
    throw new InstallRefusedError(`refusing to install the fake Ego Lite into ${dir}: ${runtimeProblem}; choose another directory, or remove it yourself (--force does not replace it)`);
  }
  if (!options.force) {
    const foreign = await foreignInstall(dir, Boolean(options.appBundle));
    if (foreign.length > 0) {
      throw new InstallRefusedError(
        `refusing to install the fake Ego Lite into ${dir}: it would replace ${foreign.join(" and ")}, which ego-conformance did not install; ` +
          `choose another directory, or give --force to replace ${foreign.length > 1 ? "them" : "it"}`,
      );
    }
  }
  const runtimeDir = join(dir, ".ego-browser");
  const workDir = join(runtimeDir, "work");
  const sdkPath = join(runtimeDir, "sdk", "index.mjs");
  await makeDirectory(workDir);
  await makeDirectory(join(runtimeDir, "sdk"));
  await writeBeside(join(runtimeDir, INSTALLED_BUNDLE_MARKER), "installed by ego-conformance fake install; it may replace what is in this directory\n");

  const config: LauncherConfig = {
    appSocket: appPaths(options.appDir ?? defaultAppDir()).bridgeSocket,
    workDir,
    bundledSdk: sdkPath,
    exitQuirk: options.exitQuirk === true,
    rejectSdkPath: options.rejectSdkPath === true,
    hang: options.hang === true,
    backgroundChildMs: options.backgroundChildMs ?? 0,
    flood: options.flood === true,
    dieAfterMs: options.dieAfterMs ?? 0,
  };
  const configPath = join(runtimeDir, "config.json");
  await writeBeside(join(runtimeDir, "launcher.mjs"), await launcherBundle());
  await writeBeside(configPath, `${JSON.stringify(config, null, 2)}\n`);
  await writeBeside(sdkPath, await readFile(BUNDLED_SDK_SOURCE));

  const cliPath = join(dir, CLI_NAME);
  if (!options.appBundle) {
    await writeExecutable(cliPath, wrapper(runtimeDir));
    return { cliPath, configPath, config };
  }

  const bundlePath = join(dir, APP_BUNDLE_NAME);
  const versions = join(bundlePath, FRAMEWORK, "Versions");
  await removeOwnTree(bundlePath); // ours (marked), or --force said to replace it
  await makeDirectory(join(versions, "A", "Helpers"));
  await createSymlink("A", join(versions, "Current"));
  await createNewFile(join(bundlePath, "Contents", INSTALLED_BUNDLE_MARKER), "installed by ego-conformance fake install; it may replace this bundle\n");
  const version = options.version ?? NEWEST_BUILD.version;
  await createNewFile(
    join(bundlePath, "Contents", "Info.plist"),
    infoPlist(
      {
        CFBundleIdentifier: "com.citrolabs.ego.lite",
        CFBundleName: "ego lite",
        CFBundleExecutable: "ego lite",
        CFBundleShortVersionString: version,
        CFBundleVersion: version,
      },
      options.appBundle,
    ),
  );
  await writeExecutable(join(versions, "A", "Helpers", CLI_NAME), wrapper(runtimeDir));
  const helperPath = join(versions, "Current", "Helpers", CLI_NAME);
  await removeOwnFile(cliPath); // ours (marked), or --force said to replace it
  await createSymlink(relative(dir, helperPath), cliPath);
  return { cliPath, helperPath, bundlePath, configPath, config };
}
