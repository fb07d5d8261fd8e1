/**
 * Where the installed Ego Lite's `ego-browser` CLI is, and how it was found (research 3.3; the order:
 * docs/installed-targets.md). An explicit choice that names no executable is an error, never a reason
 * to look elsewhere: another Ego product on PATH must never silently take over.
 */
import { constants } from "node:fs";
import { access, readdir, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { delimiter, join, resolve, sep } from "node:path";
import { namedError } from "../../errors/named-error.js";

export const CLI_NAME = "ego-browser";
export const CLI_ENV = "EGO_BROWSER_BIN";
/** The app's bundle name, matched case-insensitively. */
export const APP_BUNDLE_NAME = "ego lite.app";

export type CliSource = "flag" | "env" | "path" | "app-bundle";

export interface LocatedCli {
  /** absolute path of the CLI as found (not resolved through symlinks) */
  path: string;
  source: CliSource;
  /** the `.app` directory that contains the CLI (after following symlinks), if any */
  bundle?: string;
  /** every place looked at, in order, with what was there: for `detect` and error messages */
  searched: string[];
}

export interface LocateOptions {
  /** the `--ego-browser` flag */
  flag?: string;
  /** default process.env (EGO_BROWSER_BIN, PATH) */
  env?: NodeJS.ProcessEnv;
  /** where app bundles are looked for; default /Applications and ~/Applications */
  appDirs?: readonly string[];
  /** relative flag paths resolve against this; default process.cwd() */
  cwd?: string;
}

export class CliNotFoundError extends namedError("CliNotFoundError", "bad-input") {
  constructor(
    message: string,
    readonly searched: string[],
  ) {
    super(message);
  }
}

export function defaultAppDirs(): string[] {
  return ["/Applications", join(homedir(), "Applications")];
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    const info = await stat(path);
    if (!info.isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The nearest enclosing `*.app` directory of the CLI's real path. */
export async function enclosingBundle(cliPath: string): Promise<string | undefined> {
  const real = await realpath(cliPath).catch(() => cliPath);
  const parts = real.split(sep);
  for (let i = parts.length - 1; i > 0; i--) {
    if (parts[i]!.toLowerCase().endsWith(".app")) return parts.slice(0, i + 1).join(sep) || sep;
  }
  return undefined;
}

async function chosen(path: string, source: "flag" | "env", searched: string[]): Promise<LocatedCli> {
  const what = source === "flag" ? "--ego-browser" : CLI_ENV;
  searched.push(`${what}: ${path}`);
  if (!(await isExecutableFile(path))) throw new CliNotFoundError(`${what} names ${path}, which is not an executable file`, searched);
  const bundle = await enclosingBundle(path);
  return { path, source, ...(bundle ? { bundle } : {}), searched };
}

/** `ego-browser` in the PATH directories, first match wins (as a shell would). */
async function onPath(env: NodeJS.ProcessEnv, searched: string[]): Promise<string | undefined> {
  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  searched.push(`PATH: ${dirs.length ? dirs.join(delimiter) : "(empty)"}`);
  for (const dir of dirs) {
    const candidate = resolve(dir, CLI_NAME);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/** Ego Lite app bundles in `dir` (case-insensitive name match), sorted for a stable choice. */
async function bundlesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => n.toLowerCase() === APP_BUNDLE_NAME).sort().map((n) => join(dir, n));
}

/** The CLI inside one app bundle: the framework helper, else any `ego-browser` under Contents. */
export async function cliInBundle(bundle: string): Promise<string | undefined> {
  const frameworks = join(bundle, "Contents", "Frameworks");
  for (const fw of (await readdir(frameworks).catch(() => [] as string[])).filter((n) => n.endsWith(".framework")).sort()) {
    const candidate = join(frameworks, fw, "Versions", "Current", "Helpers", CLI_NAME);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return findExecutable(join(bundle, "Contents"), 8);
}

async function findExecutable(dir: string, depth: number): Promise<string | undefined> {
  if (depth < 0) return undefined;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.name === CLI_NAME && (await isExecutableFile(path))) return path;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      const found = await findExecutable(join(dir, e.name), depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** Find the CLI; throws CliNotFoundError listing every place looked at. */
export async function locateCli(options: LocateOptions = {}): Promise<LocatedCli> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const searched: string[] = [];
  if (options.flag !== undefined && options.flag !== "") return chosen(resolve(cwd, options.flag), "flag", searched);
  const fromEnv = env[CLI_ENV];
  if (fromEnv !== undefined && fromEnv !== "") return chosen(resolve(cwd, fromEnv), "env", searched);

  const found = await onPath(env, searched);
  if (found) {
    const bundle = await enclosingBundle(found);
    return { path: found, source: "path", ...(bundle ? { bundle } : {}), searched };
  }

  for (const dir of options.appDirs ?? defaultAppDirs()) {
    const bundles = await bundlesIn(dir);
    searched.push(`${dir}: ${bundles.length ? bundles.map((b) => b.slice(dir.length + 1)).join(", ") : `no ${APP_BUNDLE_NAME}`}`);
    for (const bundle of bundles) {
      const cli = await cliInBundle(bundle);
      if (cli) return { path: cli, source: "app-bundle", bundle, searched };
      searched.push(`${bundle}: no executable ${CLI_NAME} under Contents`);
    }
  }
  throw new CliNotFoundError(`no ${CLI_NAME} found (looked at: ${searched.join("; ")}); install Ego Lite, or name the CLI with --ego-browser PATH or ${CLI_ENV}`, searched);
}

/** What to print for "how it was found". */
export function describeSource(cli: Pick<LocatedCli, "source" | "bundle">): string {
  switch (cli.source) {
    case "flag":
      return "--ego-browser";
    case "env":
      return CLI_ENV;
    case "path":
      return "PATH";
    case "app-bundle":
      return cli.bundle ? `app bundle ${cli.bundle}` : "app bundle";
  }
}
