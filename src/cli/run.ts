/**
 * `ego-conformance run`: resolve the target, run the suites with vitest, summarise the Allure
 * results per clause, write the HTML report, print the verdict.
 */
import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import { execa } from "execa";
import { AREAS, CATALOGUE, clauseById, type Area, type Clause } from "../contract/index.js";
import { newRunId, runConfigEnv, type RunConfig } from "../harness/run-config.js";
import { environmentEntries, generateAllureReport, writeEnvironment } from "../report/allure-report.js";
import { readResults } from "../report/results-reader.js";
import { summarize, summaryPassed, type RunSummary } from "../report/summary.js";
import { colorWanted, renderJson, renderTerminal } from "../report/terminal.js";
import { UNKNOWN_VERSION } from "../report/labels.js";
import { resolveTarget } from "../target/resolve.js";
import { UsageError } from "./usage-error.js";
import { INVARIANCE_CLAUSE_ID, writeInvarianceNotApplicable } from "../safety/invariance.js";
import { PERSONA_NAMES } from "../../fake-bridge/personas/index.js";
import { tryParseEgoVersion } from "../version/index.js";

export interface RunOptions {
  target: RunConfig["target"];
  areas: Area[];
  grep?: RegExp;
  json: boolean;
  resultsDir: string;
  reportDir: string;
  report: boolean;
  faults: string[];
  /** the fake persona (`--persona NAME`, fake-bridge/personas) */
  persona?: string;
  /** the Ego Lite version the fake emulates (`--ego-version V`) */
  egoVersion?: string;
  /** run every clause regardless of build features and versions (`--ungated`) */
  ungated?: boolean;
}

export function parseRunArgs(argv: string[], cwd = process.cwd()): RunOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        target: { type: "string", default: "fake" },
        area: { type: "string", multiple: true, default: [] },
        grep: { type: "string" },
        json: { type: "boolean", default: false },
        results: { type: "string", default: "reports/allure-results" },
        report: { type: "string", default: "reports/allure-report" },
        "no-report": { type: "boolean", default: false },
        fault: { type: "string", multiple: true, default: [] },
        persona: { type: "string" },
        "ego-version": { type: "string" },
        ungated: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.target !== "fake" && values.target !== "installed") throw new UsageError(`--target must be fake or installed, not '${values.target}'`);
  for (const area of values.area) if (!(area in AREAS)) throw new UsageError(`unknown area '${area}' (areas: ${Object.keys(AREAS).join(", ")})`);
  if (values.persona !== undefined && values["ego-version"] !== undefined) throw new UsageError("--persona and --ego-version exclude each other: a persona has its own version (see ego-conformance personas)");
  if ((values.persona !== undefined || values["ego-version"] !== undefined) && values.target !== "fake") throw new UsageError("--persona and --ego-version choose what the fake emulates: they need --target fake");
  if (values["ego-version"] !== undefined && tryParseEgoVersion(values["ego-version"]) === null) throw new UsageError(`--ego-version must be a four-part Ego Lite version like 0.5.0.19, not '${values["ego-version"]}'`);
  if (values.persona !== undefined && !PERSONA_NAMES.includes(values.persona)) throw new UsageError(`unknown persona '${values.persona}' (personas: ${PERSONA_NAMES.join(", ")})`);
  let grep: RegExp | undefined;
  if (values.grep !== undefined) {
    try {
      grep = new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep is not a regular expression: ${(error as Error).message}`);
    }
  }
  return {
    target: values.target,
    areas: values.area as Area[],
    ...(grep ? { grep } : {}),
    json: values.json,
    resultsDir: resolve(cwd, values.results),
    reportDir: resolve(cwd, values.report),
    report: !values["no-report"],
    faults: values.fault,
    ...(values.persona !== undefined ? { persona: values.persona } : {}),
    ...(values["ego-version"] !== undefined ? { egoVersion: values["ego-version"] } : {}),
    ...(values.ungated ? { ungated: true } : {}),
  };
}

/** The clauses a run means to cover: what `--area` and `--grep` select. */
export function selectedBy(options: Pick<RunOptions, "areas" | "grep">): (clause: Clause) => boolean {
  return (clause) =>
    (options.areas.length === 0 || options.areas.includes(clause.area)) &&
    (!options.grep || options.grep.test(`${clause.id}: ${clause.title}`));
}

const PROJECT_ROOT = resolve(import.meta.dirname, "../..");
const VITEST_CLI = resolve(createRequire(import.meta.url).resolve("vitest/package.json"), "../vitest.mjs");

/** Run the suites; returns the summary and the report path (when one was written). */
export async function runConformance(options: RunOptions): Promise<{ summary: RunSummary; reportPath?: string }> {
  const config: RunConfig = {
    target: options.target,
    runId: newRunId(),
    faults: options.faults,
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
    ...(options.ungated ? { ungated: true } : {}),
  };
  const target = await resolveTarget(config);
  const info = target.info;
  await target.close();

  await rm(options.resultsDir, { recursive: true, force: true });
  await writeEnvironment(options.resultsDir, environmentEntries({
    target: info.kind,
    targetName: info.name,
    egoVersion: info.egoVersionText ?? UNKNOWN_VERSION,
    ...(info.persona ? { persona: info.persona } : {}),
    extra: { "version source": info.versionSource, "run id": config.runId, ...(config.ungated ? { gating: "ungated (every clause ran, regardless of features and versions)" } : {}) },
  }));

  // vitest runs in its own process: the CLI stays a small orchestrator (and tsx's loader, which
  // the CLI runs under, never meets vitest's). Its output goes to stderr so --json keeps stdout.
  const vitestArgs = [
    VITEST_CLI,
    "run",
    "--config",
    resolve(PROJECT_ROOT, "vitest.conformance.config.ts"),
    ...(options.grep ? ["--testNamePattern", options.grep.source] : []),
    ...options.areas.map((area) => `suites/${area}/`),
  ];
  const child = await execa(process.execPath, vitestArgs, {
    cwd: PROJECT_ROOT,
    env: { ...runConfigEnv(config), ALLURE_RESULTS_DIR: options.resultsDir, EGO_CONFORMANCE_PROGRESS: "1" },
    stdin: "ignore",
    stdout: 2,
    stderr: 2,
    reject: false,
  }).catch((error: unknown) => error as { exitCode?: number; message: string });
  if (child.exitCode === undefined) throw new Error(`vitest could not be started: ${child.message}`);
  if (info.kind === "fake" && selectedBy(options)(clauseById(INVARIANCE_CLAUSE_ID))) await writeInvarianceNotApplicable(options.resultsDir, info);

  const summary = summarize(await readResults(options.resultsDir), CATALOGUE, { selected: selectedBy(options) });
  if (!options.report) return { summary };
  const report = await generateAllureReport({ resultsDir: options.resultsDir, outputDir: options.reportDir, cwd: PROJECT_ROOT });
  return { summary, reportPath: report.indexHtml };
}

export async function runCommand(argv: string[]): Promise<number> {
  const options = parseRunArgs(argv);
  const { summary, reportPath } = await runConformance(options);
  if (options.json) process.stdout.write(`${JSON.stringify({ ...renderJson(summary), ...(reportPath ? { report: reportPath } : {}) }, null, 2)}\n`);
  else process.stdout.write(`${renderTerminal(summary, { ...(reportPath ? { reportPath } : {}), color: colorWanted(process.stdout) })}\n`);
  return summaryPassed(summary) ? 0 : 1;
}
