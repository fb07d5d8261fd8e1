/**
 * A matrix bundle: what one `matrix` run or shard leaves behind (bundle.json, and each target's
 * results and outcomes), enough to build compat.json, compat.html and the Allure report elsewhere
 * with `report --merge`.
 */
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { readJsonFile } from "../files/input-file.js";
import { pathInside } from "../files/inside-folder.js";
import { MatrixInputError } from "./errors.js";
import { writeFileAtomic } from "../files/output-dir.js";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { ShardRef, TargetOutcome } from "./compat-schema.js";
import { MatrixPlan } from "./plan.js";

export const BUNDLE_FORMAT = "ego-conformance/matrix-bundle";
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_FILE = "bundle.json";

export const Bundle = z
  .object({
    format: z.literal(BUNDLE_FORMAT),
    formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
    createdAt: z.string().datetime({ offset: true }),
    harness: z.object({ name: z.string(), version: z.string() }).strict(),
    plan: MatrixPlan,
    shard: ShardRef,
    /** the shard's targets, in plan order */
    targets: z.array(TargetOutcome),
  })
  .strict();
export type Bundle = z.infer<typeof Bundle>;

export interface LoadedBundle {
  /** absolute path of the bundle directory */
  dir: string;
  bundle: Bundle;
}

/** The directory a bundle keeps a target's Allure results in. */
export function targetResultsDir(bundleDir: string, key: string): string {
  // a target key comes from a bundle file: it stays inside the bundle
  return pathInside(bundleDir, [key, "allure-results"], "target key");
}

/** The target's outcomes file, next to its results directory. */
export function targetOutcomesFile(resultsDir: string): string {
  return join(dirname(resultsDir), "outcomes.json");
}

/** Writes the bundle (checked against its schema) and returns it as checked: what a reader of the file gets. */
export async function writeBundle(dir: string, bundle: Bundle): Promise<Bundle> {
  const checked = Bundle.parse(bundle);
  await writeFileAtomic(join(dir, BUNDLE_FILE), `${JSON.stringify(checked, null, 2)}\n`);
  return checked;
}

export async function readBundle(dir: string): Promise<LoadedBundle> {
  const abs = resolve(dir);
  const file = join(abs, BUNDLE_FILE);
  let raw: unknown;
  try {
    raw = await readJsonFile(file, "matrix bundle");
  } catch (error) {
    throw new MatrixInputError((error as Error).message);
  }
  const parsed = Bundle.safeParse(raw);
  if (!parsed.success) throw new MatrixInputError(`${file} is not a ${BUNDLE_FORMAT}@${BUNDLE_FORMAT_VERSION} bundle:\n${z.prettifyError(parsed.error)}`);
  for (const target of parsed.data.targets) {
    try {
      targetResultsDir(abs, target.key);
    } catch (error) {
      throw new MatrixInputError(`${file}: ${(error as Error).message}`);
    }
    if (target.availability === "ran" && !existsSync(targetResultsDir(abs, target.key))) {
      throw new MatrixInputError(`matrix bundle ${abs} is incomplete: target '${target.key}' ran but ${targetResultsDir(abs, target.key)} is missing`);
    }
  }
  return { dir: abs, bundle: parsed.data };
}

/**
 * The bundle directories under each of `dirs`: the directory itself when it holds a bundle.json,
 * otherwise every bundle found up to three levels below it (how CI artifact downloads nest them).
 * A directory with no bundle at all is an error: it was named for a reason.
 */
export async function findBundleDirs(dirs: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const dir of dirs) {
    const abs = resolve(dir);
    const info = await stat(abs).catch(() => undefined);
    if (info === undefined || !info.isDirectory()) throw new Error(`${dir} is not a directory`);
    const here = await search(abs, 3);
    if (here.length === 0) throw new Error(`no matrix bundle (${BUNDLE_FILE}) in ${dir}`);
    found.push(...here);
  }
  return found;
}

async function search(dir: string, depth: number): Promise<string[]> {
  if (existsSync(join(dir, BUNDLE_FILE))) return [dir];
  if (depth === 0) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory()) out.push(...(await search(join(dir, entry.name), depth - 1)));
  }
  return out;
}
