/**
 * What a conformance run is asked to do, as typed options: the command line (src/cli/run.ts)
 * parses its flags into these, the matrix (src/matrix/run-targets.ts) builds them from its target
 * specs. Paths are absolute. Nothing here reads flags.
 */
import { resolve } from "node:path";
import type { Area } from "../contract/clause.js";
import type { PagesChoice } from "../contract/pages-choice.js";
import type { RunConfig } from "../harness/run-config.js";
import { expectationsFileFor } from "../expectations/load.js";

export interface RunOptions {
  target: RunConfig["target"];
  areas: Area[];
  grep?: RegExp;
  json: boolean;
  resultsDir: string;
  reportDir: string;
  report: boolean;
  mutants: string[];
  /** the fake persona (`--persona NAME`, fake-bridge/personas) */
  persona?: string;
  /** a persona file the fake plays (`--persona-file FILE`, from `persona derive`): a recorded build's version and features */
  personaFile?: string;
  /** the fake's pages (`--pages chromium|model`; default chromium wherever a browser is found) */
  pages?: PagesChoice;
  /** the Ego Lite version the fake emulates (`--ego-version V`) */
  egoVersion?: string;
  /** run every clause regardless of build features and versions (`--ungated`) */
  ungated?: boolean;
  /** the installed target's options (`--target installed`); `egoVersion` is then the fallback version */
  installed?: InstalledRunOptions;
  /** the expectations file applied to the results (`--expectations FILE`, default fixtures/expectations/expectations.json if present) */
  expectationsFile?: string;
  /** print the expectation entries to add and remove (`--update-expectations`), and write them (`--write`) */
  updateExpectations?: "print" | "write";
  /** where the run's outcomes go for the gate and baselines (`--outcomes FILE`, default reports/outcomes.json) */
  outcomesFile?: string;
  /** an infrastructure-fault plan file (`--infra-faults FILE`, fake-bridge/infra-faults/plan.ts) */
  infraFaultsFile?: string;
  /** exit 1 when any result is flaky (`--fail-on-flaky`) */
  failOnFlaky?: boolean;
  /** skip the clauses tagged slow (`--no-slow`): they end not applicable, with the reason */
  noSlow?: boolean;
  /**
   * the run's transcript (`--record FILE`, src/recording): every clause's native calls and verdict;
   * false: none (`--no-record`); unset: a run against an installed target writes one into its
   * results directory (ego-conformance-transcript.json), a run on the fake none
   */
  record?: string | false;
  /** names the target on the progress line (the matrix: the target's key, as two targets run at once) */
  progressTarget?: string;
  /**
   * clause files at once on the in-process fake (`--workers N` on the fake; default FAKE_WORKERS,
   * src/run/vitest-phases.ts); the matrix, running targets side by side, gives each its share of the cores
   */
  fakeWorkers?: number;
}

export interface InstalledRunOptions {
  /** `--ego-browser PATH` */
  egoBrowser?: string;
  /** `--operator ENDPOINT` (the fake app's operator socket) */
  operator?: string;
  /** `--keep-on-failure`: keep the run's task spaces when the run failed */
  keepOnFailure: boolean;
  /** `--probe-timeout MS` */
  probeTimeoutMs?: number;
  /** `--workers N`: how many clause files run at once against the host (1: one clause at a time) */
  workers?: number;
}

/** The default output paths, relative to the working directory. */
export const DEFAULT_RESULTS_DIR = "reports/allure-results";
export const DEFAULT_REPORT_DIR = "reports/allure-report";
export const DEFAULT_OUTCOMES_FILE = "reports/outcomes.json";

/** The options of a run given no flags, in `cwd`: the fake, every area, the default paths and expectations file. */
export function defaultRunOptions(cwd = process.cwd()): RunOptions {
  const expectationsFile = expectationsFileFor(undefined, cwd);
  return {
    target: "fake",
    areas: [],
    json: false,
    resultsDir: resolve(cwd, DEFAULT_RESULTS_DIR),
    reportDir: resolve(cwd, DEFAULT_REPORT_DIR),
    report: true,
    mutants: [],
    ...(expectationsFile !== undefined ? { expectationsFile } : {}),
    outcomesFile: resolve(cwd, DEFAULT_OUTCOMES_FILE),
  };
}
