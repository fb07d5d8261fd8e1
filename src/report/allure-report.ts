/**
 * The Allure 3 HTML report: run the `allure` package's CLI (`generate`, configured by the repo's
 * allurerc.mjs), strip the analytics every page embeds, and prove the result is offline.
 */
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { startGroup } from "../processes/groups.js";
import { stageAllureView } from "./allure-view-dir.js";
import { findExternalRequests, stripAnalytics } from "./offline.js";
import type { ResultFile } from "./results-reader.js";
import { OutputPathError, replaceDirAtomically, writeFileAtomic } from "../files/output-dir.js";
import { makeTempDir, removeTempDir } from "../scratch/scratch-dir.js";
import { createNewFile } from "../files/owned-files.js";
import { namedError } from "../errors/named-error.js";

export { findExternalRequests } from "./offline.js";
export { environmentEntries, writeEnvironment } from "./environment.js";

/** The repository's allurerc.mjs (two levels above src/report, and above dist/report alike). */
export const REPO_ALLURE_CONFIG = fileURLToPath(new URL("../../allurerc.mjs", import.meta.url));

export interface GenerateOptions {
  /** the Allure results directory (relative paths are resolved against `cwd`) */
  resultsDir: string;
  /** where the report goes; an earlier report there is replaced, anything else is refused */
  outputDir: string;
  /** working directory of the CLI: allurerc.mjs paths (the history file) resolve against it */
  cwd: string;
  /** default: `<cwd>/allurerc.mjs` if it exists, else the repository's allurerc.mjs */
  configPath?: string;
  /** default 120 s */
  timeoutMs?: number;
  /** how the user named the output directory, for refusals (default "the report directory") */
  what?: string;
  /** aborting it stops the generation; the earlier report stays as it was */
  signal?: AbortSignal;
  /** the result files of `resultsDir` as a run read and judged them: shown from memory, not read again */
  results?: readonly ResultFile[];
  /** the release gate's verdict on the run, shown as one more quality gate result beside allurerc's rules */
  verdict?: ReportVerdict;
}

/** A quality gate result the report shows as it is (the caller's verdict, e.g. the release gate's). */
export interface ReportVerdict {
  rule: string;
  success: boolean;
  message: string;
  expected: string | number;
  actual: string | number;
}

/** Our generator: `allure generate` with the quality gate evaluated (./allure-generate.mjs says why). */
const GENERATOR = fileURLToPath(new URL("./allure-generate.mjs", import.meta.url));

export interface GeneratedReport {
  /** absolute path of the report's entry page */
  indexHtml: string;
  /** analytics/external scripts removed, per generated page (relative to the output directory) */
  stripped: Record<string, number>;
}

/** The `allure` (v3) CLI entry file, found through node's resolution, not through `.bin` (which Allure 2 would shadow). */
export function resolveAllureCli(from: string = import.meta.url): string {
  const require = createRequire(from);
  let dir = dirname(require.resolve("allure")); // the package's main; its package.json is not exported
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const pkg = require(manifest) as { name?: string; bin?: string | Record<string, string> };
      if (pkg.name === "allure") {
        const bin = typeof pkg.bin === "string" ? pkg.bin : pkg.bin?.allure;
        if (bin === undefined) throw new Error(`the allure package at ${dir} declares no 'allure' bin`);
        return join(dir, bin);
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("cannot find the allure package's package.json above its main module");
    dir = parent;
  }
}

export async function generateAllureReport(options: GenerateOptions): Promise<GeneratedReport> {
  const cwd = resolve(options.cwd);
  const resultsDir = resolve(cwd, options.resultsDir);
  const outputDir = resolve(cwd, options.outputDir);
  const configPath = options.configPath !== undefined ? resolve(cwd, options.configPath) : defaultConfig(cwd);

  await checkResultsDir(resultsDir);
  checkNotAbove(outputDir, { cwd, resultsDir });

  // Built in a temporary sibling and swapped in when complete: an interrupted or failed
  // generation leaves the earlier report whole (src/files/output-dir.ts).
  const stripped = await replaceDirAtomically(outputDir, "report", { what: options.what ?? "the report directory", cwd }, async (temporary) => {
    // Allure is shown the view of the results (./allure-view.ts), never the files as they are
    const view = await stageAllureView(resultsDir, options.results);
    try {
      return await generateFrom(view.dir, temporary, { ...options, cwd, configPath });
    } finally {
      await view.dispose();
    }
  });
  const indexHtml = join(outputDir, "index.html");
  return { indexHtml, stripped };
}

/** Runs `allure generate` from `resultsDir` into `temporary`, then strips and verifies it. */
async function generateFrom(resultsDir: string, temporary: string, options: GenerateOptions & { configPath: string }): Promise<Record<string, number>> {
  const { cwd, configPath } = options;
  // Allure keeps logs (and tokens) under $HOME/.allure: its home is a folder of the run's scratch, never the user's
  const home = await makeTempDir("ego-conformance-allure-home-");
  try {
    return await generateWithHome(resultsDir, temporary, options, home);
  } finally {
    await removeTempDir(home);
  }
}

async function generateWithHome(resultsDir: string, temporary: string, options: GenerateOptions & { configPath: string }, home: string): Promise<Record<string, number>> {
  const { cwd, configPath } = options;
  // the caller's verdict rides to the generator in a file of the same scratch folder
  const verdictFile = options.verdict ? join(home, "verdict.json") : undefined;
  if (verdictFile !== undefined) await createNewFile(verdictFile, JSON.stringify(options.verdict));
  const run = await startGroup(process.execPath, [allureCli(), "generate", resultsDir, "-o", temporary, "--config", configPath, ...(verdictFile !== undefined ? ["--verdict", verdictFile] : [])], {
    cwd,
    reject: false,
    timeout: options.timeoutMs ?? 120_000,
    ...(options.signal ? { cancelSignal: options.signal } : {}),
    env: { ALLURE_NO_ANALYTICS: "true", HOME: home, USERPROFILE: home }, // honoured by the allure2 plugin only; stripping below does the rest
  });
  if (options.signal?.aborted) throw new ReportInterruptedError("the report generation was interrupted; the earlier report is kept");
  if (run.failed) {
    const why = run.timedOut ? "timed out" : `exit ${run.exitCode ?? run.signal ?? "?"}`;
    throw new Error(`allure generate failed (${why}): ${[run.stderr, run.stdout].filter(Boolean).join("\n").trim()}`);
  }
  if (!existsSync(join(temporary, "index.html"))) {
    throw new Error(`allure generate wrote no index.html (more than one report plugin configured in ${configPath}?)`);
  }
  return stripAndVerify(temporary);
}

/** Strips every generated page, then throws if any page still requests a host. */
export async function stripAndVerify(outputDir: string): Promise<Record<string, number>> {
  const stripped: Record<string, number> = {};
  const leaks: string[] = [];
  for (const file of await htmlFiles(outputDir)) {
    const name = relative(outputDir, file);
    const { html, removed } = stripAnalytics(await readFile(file, "utf8"));
    if (removed > 0) await writeFileAtomic(file, html);
    stripped[name] = removed;
    const external = findExternalRequests(html);
    if (external.length > 0) leaks.push(`${name}: ${external.join(", ")}`);
  }
  if (leaks.length > 0) {
    throw new Error(`the generated report is not offline; external requests remain in:\n  ${leaks.join("\n  ")}`);
  }
  return stripped;
}

function defaultConfig(cwd: string): string {
  const local = join(cwd, "allurerc.mjs");
  return existsSync(local) ? local : REPO_ALLURE_CONFIG;
}

async function checkResultsDir(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) throw new Error(`Allure results directory ${dir} does not exist`);
  checkAllureResultsPath(dir, "Allure results directory");
}

/**
 * The Allure CLI takes results directories as glob patterns; a metacharacter would silently match
 * something else. Checked before a command's work too (`run --report`, `matrix`), naming the flag.
 */
export function checkAllureResultsPath(dir: string, what: string): void {
  if (/[*?[\]{}()!]/.test(dir)) throw new OutputPathError(`refusing ${what} ${dir}: it contains glob metacharacters (* ? [ ] { } ( ) !), which the Allure generator takes as a pattern; use another path`);
}

/** Generation was stopped (Ctrl-C): nothing replaced the earlier report. */
export class ReportInterruptedError extends namedError("ReportInterruptedError") {}

/**
 * The generator (Allure's generate, with the quality gate); EGO_CONFORMANCE_ALLURE_CLI replaces
 * it in the harness's own tests (a generator that waits, to interrupt it deterministically).
 */
function allureCli(): string {
  return process.env.EGO_CONFORMANCE_ALLURE_CLI || GENERATOR;
}

/**
 * A report directory is replaced as a whole; it may not hold the working directory or the results
 * it is made from. Whether it may be replaced at all (missing, empty, or marked as a report) is
 * src/files/output-dir.ts's to say.
 */
function checkNotAbove(outputDir: string, guard: { cwd: string; resultsDir: string }): void {
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer.endsWith(sep) ? outer : outer + sep);
  if (within(guard.cwd, outputDir)) throw new OutputPathError(`refusing to write the report over ${outputDir}: it contains the working directory`);
  if (within(guard.resultsDir, outputDir)) throw new OutputPathError(`refusing to write the report over ${outputDir}: it contains the results`);
}

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(path)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith(".html")) out.push(path);
  }
  return out.sort();
}
