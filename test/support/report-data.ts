/**
 * A file of a generated Allure report (`widgets/environments.json`, `data/test-results/<id>.json`):
 * the report is one self-contained index.html (allurerc.mjs: `singleFile`), which carries each of
 * its data files as `d("<name>","<base64>")`; a report written as a directory has them as files.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export async function reportFile(reportDir: string, name: string): Promise<string> {
  const asFile = join(reportDir, name);
  if (existsSync(asFile)) return readFile(asFile, "utf8");
  const html = await readFile(join(reportDir, "index.html"), "utf8");
  const marker = `d(${JSON.stringify(name)},"`;
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`the report in ${reportDir} carries no ${name}`);
  const start = at + marker.length;
  const end = html.indexOf('"', start);
  return Buffer.from(html.slice(start, end), "base64").toString("utf8");
}

/** The names of the report's data files under `prefix` (`data/test-results/`). */
export async function reportFileNames(reportDir: string, prefix: string): Promise<string[]> {
  const html = await readFile(join(reportDir, "index.html"), "utf8");
  const names = [...html.matchAll(/\bd\("([^"]+)","/g)].map((m) => m[1]!).filter((n) => n.startsWith(prefix));
  if (names.length > 0) return names;
  const { readdir } = await import("node:fs/promises");
  const dir = join(reportDir, prefix);
  return existsSync(dir) ? (await readdir(dir)).map((n) => `${prefix}${n}`) : [];
}
