/**
 * `ego-conformance run`: parse the flags into typed options (src/run/options.ts), then one run
 * printed (./run-once.ts) or, with `--watch`, one run after another in this process (./run-watch.ts).
 */
import { resolve } from "node:path";
import type { Area } from "../contract/index.js";
import { OutputPathError } from "../files/output-dir.js";
import { expectationsFileFor } from "../expectations/index.js";
import { checkOptions, type OptionNames, type RunOptions } from "../run/index.js";
import { numberFlag, parseFlags } from "./parse-flags.js";
import { RUN_FLAGS } from "./options.js";
import { fakeRunner, runAndPrint } from "./run-once.js";
import { watchRuns } from "./run-watch.js";
import { UsageError } from "./usage-error.js";

export type { RunOptions } from "../run/index.js";

export function parseRunArgs(argv: string[], cwd = process.cwd()): RunOptions {
  return parseRunCommand(argv, cwd).options;
}

/** The run's options, and whether the command watches (`--watch`: ./run-watch.ts). */
function parseRunCommand(argv: string[], cwd = process.cwd()): { options: RunOptions; watch: boolean } {
  const { values } = parseFlags(argv, RUN_FLAGS);
  const pages = values.pages;
  // flags that map into the installed target's options: refused by name without it
  const installedOnly = (["ego-browser", "operator", "keep-on-failure", "probe-timeout"] as const).filter((f) => values[f] !== undefined && values[f] !== false && !(Array.isArray(values[f]) && values[f].length === 0));
  if (installedOnly.length && values.target !== "installed") throw new UsageError(`--${installedOnly.join(", --")} need --target installed`);
  if (values.record !== undefined && values["no-record"]) throw new UsageError("--record and --no-record exclude each other");
  if (values.expectations !== undefined && values["no-expectations"]) throw new UsageError("--expectations and --no-expectations exclude each other");
  if (values.write && !values["update-expectations"]) throw new UsageError("--write writes what --update-expectations suggests: give both");
  if (values["update-expectations"] && values["no-expectations"]) throw new UsageError("--update-expectations needs an expectations file: drop --no-expectations");
  for (const flag of ["results", "report", "outcomes", "expectations", "record"] as const) {
    if (values[flag] !== undefined && values[flag].trim() === "") throw new OutputPathError(`--${flag} is empty: give a path (an unset variable in a script?)`);
  }
  const expectationsFile = values["no-expectations"] ? undefined : expectationsFileFor(values.expectations, cwd);
  const workers = numberFlag(values.workers); // in its range (RUN_FLAGS), checked by parseFlags
  let grep: RegExp | undefined;
  if (values.grep !== undefined) {
    try {
      grep = new RegExp(values.grep);
    } catch (error) {
      throw new UsageError(`--grep is not a regular expression: ${(error as Error).message}`);
    }
  }
  const options: RunOptions = {
    target: values.target as RunOptions["target"],
    areas: values.area as Area[],
    ...(grep ? { grep } : {}),
    json: values.json,
    resultsDir: resolve(cwd, values.results),
    reportDir: resolve(cwd, values.report),
    report: !values["no-report"],
    mutants: values.mutant,
    ...(values.persona !== undefined ? { persona: values.persona } : {}),
    ...(values["persona-file"] !== undefined ? { personaFile: resolve(cwd, values["persona-file"]) } : {}),
    ...(pages !== undefined ? { pages } : {}),
    ...(values["ego-version"] !== undefined ? { egoVersion: values["ego-version"] } : {}),
    ...(values.ungated ? { ungated: true } : {}),
    ...(expectationsFile !== undefined ? { expectationsFile } : {}),
    ...(values["update-expectations"] ? { updateExpectations: values.write ? ("write" as const) : ("print" as const) } : {}),
    outcomesFile: resolve(cwd, values.outcomes),
    ...(values["infra-faults"] !== undefined ? { infraFaultsFile: resolve(cwd, values["infra-faults"]) } : {}),
    ...(values["fail-on-flaky"] ? { failOnFlaky: true } : {}),
    ...(values["no-slow"] ? { noSlow: true } : {}),
    ...(values.record !== undefined ? { record: resolve(cwd, values.record) } : values["no-record"] ? { record: false as const } : {}),
    ...(values.target !== "installed" && workers !== undefined ? { fakeWorkers: workers } : {}),
    ...(values.target === "installed"
      ? {
          installed: {
            ...(values["ego-browser"] !== undefined ? { egoBrowser: values["ego-browser"] } : {}),
            ...(values.operator !== undefined ? { operator: values.operator } : {}),
            keepOnFailure: values["keep-on-failure"],
            ...(values["probe-timeout"] !== undefined ? { probeTimeoutMs: numberFlag(values["probe-timeout"])! } : {}),
            ...(workers !== undefined ? { workers } : {}),
          },
        }
      : {}),
  };
  // the run library's rules (src/run/check-options.ts), naming the flags
  checkOptions(options, FLAG_NAMES);
  return { options, watch: values.watch };
}

/** How the library's rules name each option on the command line. */
const FLAG_NAMES: OptionNames = { target: "--target", areas: "--area", persona: "--persona", personaFile: "--persona-file", egoVersion: "--ego-version", pages: "--pages", installed: "--target installed's flags" };

export async function runCommand(argv: string[]): Promise<number> {
  const { options, watch } = parseRunCommand(argv);
  if (watch) return watchRuns(options, (args) => parseRunCommand(args).options);
  const runner = fakeRunner(options, { keepWorkers: false });
  try {
    return (await runAndPrint(options, runner)).status;
  } finally {
    await runner?.close();
  }
}
