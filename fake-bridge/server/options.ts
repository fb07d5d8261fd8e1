/**
 * The fake app's command-line options, shared by the server process (./main.ts) and
 * `ego-conformance fake start`.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Feature } from "../../src/contract/features.js";
import { NEWEST_BUILD } from "../../src/contract/build-features.js";
import { MUTANT_NAMES, type MutantName } from "../mutants/mutants.js";
import { fakeBuild } from "../personas/index.js";
import { PERSONA_FILE_FORMAT, PersonaFile } from "../../src/contract/persona-file.js";
import { parseInfraFaultPlanText, type InfraFaultPlan } from "../infra-faults/plan.js";
import { parseJsonText, readInputFileSync } from "../../src/files/input-file.js";
import type { FakeAppServerOptions } from "./app-server.js";
import { resolvePages } from "../chromium/pages-choice.js";
import { isPagesChoice, PAGES_CHOICES, type PagesChoice } from "../../src/contract/pages-choice.js";
import { namedError } from "../../src/errors/named-error.js";

export class AppOptionsError extends namedError("AppOptionsError", "bad-input") {}

export const APP_OPTION_SPEC = {
  dir: { type: "string" },
  persona: { type: "string" },
  "persona-file": { type: "string" },
  "ego-version": { type: "string" },
  mutant: { type: "string", multiple: true },
  "close-delay-ms": { type: "string" },
  "infra-faults": { type: "string" },
  pages: { type: "string" },
} satisfies import("node:util").ParseArgsConfig["options"];

/**
 * `--close-delay-ms`: whole milliseconds, from 0 to the longest delay Node's timers take
 * (2^31 - 1; a longer one would fire after 1 ms). `fake start` shows it (src/cli/options.ts).
 */
export const CLOSE_DELAY_MS_RANGE = { min: 0, max: 2 ** 31 - 1 } as const;

export interface AppChoice {
  dir?: string;
  persona?: string;
  /** a persona file (`persona derive`), absolute */
  personaFile?: string;
  egoVersion?: string;
  mutants?: string[];
  closeDelayMs?: number;
  /** an infrastructure-fault plan file (../infra-faults/plan.ts), absolute */
  infraFaults?: string;
  /** `--pages chromium|model` (default: chromium wherever a browser is found) */
  pages?: PagesChoice;
  /** app milliseconds per real millisecond (the fake's time scale, default 1) */
  timeScale?: number;
}

/** The server options for a choice; unknown mutants, personas and versions throw AppOptionsError. */
export function serverOptions(choice: AppChoice): FakeAppServerOptions {
  for (const mutant of choice.mutants ?? []) {
    if (!(MUTANT_NAMES as readonly string[]).includes(mutant)) throw new AppOptionsError(`unknown mutant '${mutant}' (known: ${MUTANT_NAMES.join(", ")})`);
  }
  let build: { version: string; features: ReadonlySet<Feature>; openDetails?: Readonly<Record<string, string>>; persona?: string };
  if (choice.persona === undefined && choice.egoVersion === undefined && choice.personaFile === undefined) {
    build = { version: NEWEST_BUILD.version, features: NEWEST_BUILD.features };
  } else {
    const personaFile = choice.personaFile !== undefined ? readPersonaFile(choice.personaFile) : undefined;
    try {
      build = fakeBuild({ persona: choice.persona, egoVersion: choice.egoVersion, personaFile });
    } catch (error) {
      throw new AppOptionsError((error as Error).message);
    }
  }
  const pages = resolvePages(choice.pages);
  return {
    version: build.version,
    features: build.features,
    ...(build.openDetails ? { openDetails: build.openDetails } : {}),
    pages: pages.pages,
    ...(pages.chromium ? { chromium: pages.chromium } : {}),
    ...(pages.warning ? { pagesWarning: pages.warning } : {}),
    ...(build.persona ? { persona: build.persona } : {}),
    mutants: (choice.mutants ?? []) as MutantName[],
    ...(choice.closeDelayMs !== undefined ? { closeDelayMs: choice.closeDelayMs } : {}),
    ...(choice.timeScale !== undefined ? { timeScale: choice.timeScale } : {}),
    ...(choice.dir !== undefined ? { dir: choice.dir } : {}),
    ...(choice.infraFaults !== undefined ? { infraFaultPlan: readPlan(choice.infraFaults) } : {}),
  };
}

function readPersonaFile(file: string): PersonaFile {
  let raw: unknown;
  try {
    raw = parseJsonText(readInputFileSync(file, { kind: "persona" }), file, "persona");
  } catch (error) {
    throw new AppOptionsError(`--persona-file: ${(error as Error).message}`);
  }
  const parsed = PersonaFile.safeParse(raw);
  if (!parsed.success) throw new AppOptionsError(`--persona-file ${file} is not a persona file (${PERSONA_FILE_FORMAT}): ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}

function readPlan(file: string): InfraFaultPlan {
  let text: string;
  try {
    // the one reader: a FIFO, device or directory is refused, naming the file, never waited on
    text = readInputFileSync(file, { kind: "infrastructure-fault plan" });
  } catch (error) {
    throw new AppOptionsError(`--infra-faults: ${(error as Error).message}`);
  }
  try {
    return parseInfraFaultPlanText(text, file);
  } catch (error) {
    throw new AppOptionsError((error as Error).message);
  }
}

export function appChoiceFromValues(values: { dir?: string; persona?: string; "persona-file"?: string; "ego-version"?: string; mutant?: string[]; "close-delay-ms"?: string; "infra-faults"?: string; pages?: string }): AppChoice {
  if (values.pages !== undefined && !isPagesChoice(values.pages)) throw new AppOptionsError(`--pages must be ${PAGES_CHOICES.join(" or ")}, not '${values.pages}'`);
  let closeDelayMs: number | undefined;
  if (values["close-delay-ms"] !== undefined) {
    const text = values["close-delay-ms"];
    closeDelayMs = Number(text);
    if (!/^\d+$/.test(text) || closeDelayMs < CLOSE_DELAY_MS_RANGE.min || closeDelayMs > CLOSE_DELAY_MS_RANGE.max) {
      throw new AppOptionsError(`--close-delay-ms must be a whole number from ${CLOSE_DELAY_MS_RANGE.min} to ${CLOSE_DELAY_MS_RANGE.max}, not '${text}'`);
    }
  }
  return {
    ...(values.dir !== undefined ? { dir: values.dir } : {}),
    ...(values.persona !== undefined ? { persona: values.persona } : {}),
    ...(values["persona-file"] !== undefined ? { personaFile: resolve(values["persona-file"]) } : {}),
    ...(values["ego-version"] !== undefined ? { egoVersion: values["ego-version"] } : {}),
    mutants: values.mutant ?? [],
    ...(closeDelayMs !== undefined ? { closeDelayMs } : {}),
    ...(values["infra-faults"] !== undefined ? { infraFaults: resolve(values["infra-faults"]) } : {}),
    ...(values.pages !== undefined ? { pages: values.pages } : {}),
  };
}

/** The arguments that give ./main.ts the same choice. */
export function appChoiceArgs(choice: AppChoice): string[] {
  return [
    ...(choice.dir !== undefined ? ["--dir", choice.dir] : []),
    ...(choice.persona !== undefined ? ["--persona", choice.persona] : []),
    ...(choice.personaFile !== undefined ? ["--persona-file", choice.personaFile] : []),
    ...(choice.egoVersion !== undefined ? ["--ego-version", choice.egoVersion] : []),
    ...(choice.mutants ?? []).flatMap((f) => ["--mutant", f]),
    ...(choice.closeDelayMs !== undefined ? ["--close-delay-ms", String(choice.closeDelayMs)] : []),
    ...(choice.infraFaults !== undefined ? ["--infra-faults", choice.infraFaults] : []),
    ...(choice.pages !== undefined ? ["--pages", choice.pages] : []),
  ];
}

export function parseAppArgs(argv: string[]): AppChoice {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: APP_OPTION_SPEC }));
  } catch (error) {
    throw new AppOptionsError((error as Error).message);
  }
  return appChoiceFromValues(values);
}
