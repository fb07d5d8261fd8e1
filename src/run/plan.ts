/**
 * Phase 1, plan: typed options -> a RunPlan. Everything that can refuse a run before it starts is
 * checked here, before anything is started or written: the output paths (a refusal replaces
 * nothing), the infrastructure-fault plan, the expectations file, the options that exclude each other.
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { DEFAULT_TRANSCRIPT_FILE, TRANSCRIPT_FILE_MARKER } from "../recording/transcript.js";
import { OUTCOMES_FILE_MARKER } from "../gate/outcomes-file.js";
import { EXPECTATIONS_FILE_MARKER } from "../expectations/update.js";
import type { Clause } from "../contract/clause.js";
import { loadExpectations, type LoadedExpectations } from "../expectations/index.js";
import { checkOutputFile, checkOwnedDir, OutputPathError } from "../files/output-dir.js";
import { checkAllureResultsPath } from "../report/allure-report.js";
import type { InfraFaultPlan } from "../contract/infra-fault-plan.js";
import { readInfraFaultPlan } from "../targets/fake/fake-app.js";
import { checkOptions } from "./check-options.js";
import { PERSONA_FILE_FORMAT, PersonaFile } from "../contract/persona-file.js";
import { parseJsonText, readInputFile } from "../files/input-file.js";
import { z } from "zod";
import { RunInputError } from "./errors.js";
import { Ledger } from "../safety/ledger.js";
import type { RunOptions } from "./options.js";
import { selectedFor } from "./select.js";
import { fakeWorkersOf, serialFilesOf, vitestPhases, type VitestPhase } from "./vitest-phases.js";
import { newRunId } from "../harness/run-config.js";


export interface RunPlan {
  options: RunOptions;
  /** the run's id (src/harness/run-config.ts): its results lock, its results, its outcomes and transcript name it */
  runId: string;
  /** the clauses the run covers (src/run/select.ts) */
  selected: (clause: Clause) => boolean;
  /** the vitest invocations, in order (src/run/vitest-phases.ts) */
  phases: VitestPhase[];
  /** the `infraFaultsFile` plan, read and checked */
  infraFaults?: InfraFaultPlan;
  /** the expectations the results are judged by; none without a file, or when the update is about to create it */
  expectations?: LoadedExpectations;
  /** where the run's transcript goes (src/recording); none when the run does not record */
  record?: string;
  /** the `personaFile`, read and checked */
  personaFile?: PersonaFile;
}

/** Where the run's transcript goes: `record`, else the results directory of an installed run. */
export function transcriptFileOf(options: Pick<RunOptions, "record" | "target" | "resultsDir">): string | undefined {
  if (options.record === false) return undefined;
  if (options.record !== undefined) return options.record;
  return options.target === "installed" ? join(options.resultsDir, DEFAULT_TRANSCRIPT_FILE) : undefined;
}

export async function planRun(given: RunOptions): Promise<RunPlan> {
  checkOptions(given);
  // the installed target always has its options (no flags: the defaults)
  const options: RunOptions = given.target === "installed" && given.installed === undefined ? { ...given, installed: { keepOnFailure: false } } : given;
  await checkRunOutputs(options);
  // the run ledger of an installed run, read before anything starts: one that cannot be read or
  // appended to (a FIFO, a directory) is refused here, naming it, instead of hanging the run
  if (options.installed !== undefined) new Ledger().read();
  const infraFaults = options.infraFaultsFile !== undefined ? await infraFaultPlanOrThrow(options.infraFaultsFile) : undefined;
  const expectations = await expectationsForRun(options);
  const record = transcriptFileOf(options);
  const personaFile = options.personaFile !== undefined ? await personaFileOrThrow(options.personaFile) : undefined;
  return {
    ...(personaFile ? { personaFile } : {}),
    ...(record !== undefined ? { record } : {}),
    options,
    runId: newRunId(),
    selected: selectedFor(options),
    phases: vitestPhases(options.installed !== undefined, options.installed?.workers, serialFilesOf(options.areas), fakeWorkersOf(options)),
    ...(infraFaults ? { infraFaults } : {}),
    ...(expectations ? { expectations } : {}),
  };
}

/**
 * Every output path of a run, checked before anything runs, alone and against each other (one
 * plan): the results and report directories may be emptied (missing, empty, or made by the
 * harness) and may not overlap; the outcomes and expectations files may be written, and may not lie
 * inside a directory the run empties or replaces. A refusal (OutputPathError, exit 2) replaces nothing.
 */
export async function checkRunOutputs(options: RunOptions): Promise<void> {
  const dirs: { flag: string; path: string }[] = [{ flag: "--results", path: await checkOwnedDir(options.resultsDir, "results", { what: "--results" }) }];
  if (options.report) {
    checkAllureResultsPath(dirs[0]!.path, "--results");
    dirs.push({ flag: "--report", path: await checkOwnedDir(options.reportDir, "report", { what: "--report" }) });
  }
  const [results, report] = dirs;
  if (report && (inside(results!.path, report.path) || inside(report.path, results!.path))) {
    throw new OutputPathError(`--results ${results!.path} and --report ${report.path} overlap: give each its own directory`);
  }
  const files: { flag: string; path: string }[] = [];
  if (options.outcomesFile !== undefined) files.push({ flag: "--outcomes", path: await checkOutputFile(options.outcomesFile, { what: "--outcomes", marker: OUTCOMES_FILE_MARKER }) });
  // a transcript inside the results directory is written after the run, like the judged results
  const transcript = transcriptFileOf(options);
  if (transcript !== undefined && !inside(resolve(transcript), resolve(options.resultsDir))) files.push({ flag: "--record", path: await checkOutputFile(transcript, { what: "--record", marker: TRANSCRIPT_FILE_MARKER }) });
  if (options.updateExpectations === "write" && options.expectationsFile !== undefined) {
    files.push({ flag: "--expectations (with --write)", path: await checkOutputFile(options.expectationsFile, { what: "--expectations (with --write)", marker: EXPECTATIONS_FILE_MARKER }) });
  }
  for (const file of files) {
    for (const dir of dirs) {
      if (inside(resolve(file.path), dir.path)) {
        throw new OutputPathError(`${file.flag} ${resolve(file.path)} is inside ${dir.flag} ${dir.path}, which the run empties or replaces: give it a path outside`);
      }
    }
  }
}

/** Whether path `a` is `b` or lies inside it (both absolute). */
const inside = (a: string, b: string) => {
  const rel = relative(resolve(b), resolve(a));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/** A persona file (`persona derive`), read and checked before anything runs. */
export async function personaFileOrThrow(file: string): Promise<PersonaFile> {
  let raw: unknown;
  try {
    raw = parseJsonText(await readInputFile(file, { kind: "persona" }), file, "persona");
  } catch (error) {
    throw new RunInputError(`--persona-file ${file}: ${(error as Error).message}`);
  }
  const parsed = PersonaFile.safeParse(raw);
  if (!parsed.success) throw new RunInputError(`--persona-file ${file} is not a persona file (${PERSONA_FILE_FORMAT}):\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The infrastructure-fault plan, read and checked before anything runs: a bad plan is an input error naming the file and the path inside it. */
async function infraFaultPlanOrThrow(file: string): Promise<InfraFaultPlan> {
  try {
    return await readInfraFaultPlan(file);
  } catch (error) {
    throw new RunInputError(`--infra-faults ${(error as Error).message}`);
  }
}

/**
 * The run's expectations, read before the run starts: none without a file; a file that
 * --update-expectations is about to create may not exist yet; any other unreadable or invalid
 * file stops the run (exit 2) rather than judging results by entries nobody can read.
 */
async function expectationsForRun(options: RunOptions): Promise<LoadedExpectations | undefined> {
  const file = options.expectationsFile;
  if (file === undefined) return undefined;
  if (!existsSync(file) && options.updateExpectations !== undefined) return undefined;
  return loadExpectations(file);
}
