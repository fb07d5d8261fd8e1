/**
 * `environment.properties` in an Allure results directory: Allure 3's awesome report shows it
 * as "Metadata" (classic and Allure 2 as "Environment"). Java properties format, UTF-8.
 */
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "../files/output-dir.js";
import { arch, platform, release } from "node:os";
import { join } from "node:path";

export const ENVIRONMENT_FILE = "environment.properties";

export interface RunEnvironment {
  /** fake | installed */
  target: string;
  /** the target's display name (fake persona, CLI path) */
  targetName?: string;
  /** the Ego Lite version text, or "unknown" */
  egoVersion: string;
  persona?: string;
  /** anything else worth showing (run id, git commit...) */
  extra?: Record<string, string>;
}

/** The entries to show, in display order: the run's target and version, then node and the OS. */
export function environmentEntries(env: RunEnvironment): [string, string][] {
  const entries: [string, string][] = [["target", env.target]];
  if (env.targetName !== undefined) entries.push(["target name", env.targetName]);
  entries.push(["Ego Lite version", env.egoVersion]);
  if (env.persona !== undefined) entries.push(["persona", env.persona]);
  entries.push(["node", process.version], ["os", `${platform()} ${release()} ${arch()}`]);
  for (const [k, v] of Object.entries(env.extra ?? {})) entries.push([k, v]);
  return entries;
}

/**
 * Writes (replaces) `environment.properties` in `resultsDir`, creating the directory if needed.
 * `entries` keep their order; a later duplicate key overrides an earlier one when read.
 * Returns the file's path.
 */
export async function writeEnvironment(
  resultsDir: string,
  entries: Iterable<readonly [string, string]> | Record<string, string>,
): Promise<string> {
  const pairs = Symbol.iterator in entries ? [...(entries as Iterable<readonly [string, string]>)] : Object.entries(entries);
  const text = pairs.map(([k, v]) => `${escapeKey(k)}=${escapeValue(v)}`).join("\n");
  const file = join(resultsDir, ENVIRONMENT_FILE);
  await writeFileAtomic(file, `${text}\n`);
  return file;
}

function escapeCommon(s: string): string {
  return s
    .replace(/\\/g, "\\\\")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\t/g, "\\t")
    .replace(/\f/g, "\\f");
}

/** Keys end at the first unescaped space, `=` or `:`; `#` and `!` would start a comment. */
export function escapeKey(key: string): string {
  return escapeCommon(key).replace(/([ =:#!])/g, "\\$1");
}

/** Values keep inner spaces; only a leading space would be eaten, and `#`/`!` are harmless here. */
export function escapeValue(value: string): string {
  return escapeCommon(value).replace(/^ /, "\\ ");
}

/** environment.properties of a results directory (what `run` wrote), as key -> value. */
export async function readEnvironment(resultsDir: string): Promise<Map<string, string>> {
  const text = await readFile(join(resultsDir, ENVIRONMENT_FILE), "utf8").catch(() => "");
  const entries = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "" || /^[#!]/.test(line)) continue;
    const match = /^((?:\\.|[^\\=:])*)[=:](.*)$/.exec(line);
    if (!match) continue;
    entries.set(unescapeProperty(match[1]!.trim()), unescapeProperty(match[2]!));
  }
  return entries;
}

function unescapeProperty(s: string): string {
  return s.replace(/\\(.)/g, (_, c: string) => ({ n: "\n", r: "\r", t: "\t", f: "\f" })[c] ?? c);
}
