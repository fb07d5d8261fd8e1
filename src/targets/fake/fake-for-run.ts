/**
 * The fake target a run's configuration asks for: the newest build, a persona or a version
 * (fake-bridge/personas), with its mutant plans. Unknown names are unavailable targets.
 */
import { NEWEST_BUILD } from "../../contract/build-features.js";
import { MUTANT_NAMES, type MutantName } from "../../../fake-bridge/index.js";
import type { InfraFaultPlan } from "../../contract/infra-fault-plan.js";
import type { PagesChoice } from "../../contract/pages-choice.js";
import { UnknownPersonaError } from "../../contract/personas.js";
import { fakeBuild, FakeBuildError } from "../../../fake-bridge/personas/index.js";
import { createFakeTarget } from "./fake-target.js";
import { TargetUnavailableError, type Target } from "../target.js";

/** What of a run's configuration (src/harness/run-config.ts) the fake target reads. */
export interface FakeRunChoice {
  mutants: readonly string[];
  persona?: string | undefined;
  egoVersion?: string | undefined;
  infraFaults?: InfraFaultPlan | undefined;
  pages?: PagesChoice | undefined;
  /** a persona file's build (`run --persona-file`) */
  personaFile?: { name: string; version: string; features: readonly string[]; openDetails?: Readonly<Record<string, string>> } | undefined;
}

function mutantNames(names: readonly string[]): MutantName[] {
  for (const name of names) {
    if (!(MUTANT_NAMES as readonly string[]).includes(name)) {
      throw new TargetUnavailableError(`unknown mutant '${name}' (known: ${MUTANT_NAMES.join(", ")})`);
    }
  }
  return names as MutantName[];
}

export function fakeTargetForRun(config: FakeRunChoice): Target {
  const infra = config.infraFaults ? { infraFaults: config.infraFaults } : {};
  const pages = config.pages !== undefined ? { pages: config.pages } : {};
  if (config.persona === undefined && config.egoVersion === undefined && config.personaFile === undefined) {
    return createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, mutants: mutantNames(config.mutants), ...infra, ...pages });
  }
  const build = fakeBuildOrThrow(config);
  return createFakeTarget({ ...build, mutants: mutantNames(config.mutants), ...infra, ...pages });
}

/** The persona or version the fake emulates (fake-bridge/personas); bad names are unavailable targets. */
function fakeBuildOrThrow(config: FakeRunChoice) {
  try {
    return fakeBuild({ persona: config.persona, egoVersion: config.egoVersion, personaFile: config.personaFile as Parameters<typeof fakeBuild>[0]["personaFile"] });
  } catch (error) {
    if (error instanceof UnknownPersonaError || error instanceof FakeBuildError) throw new TargetUnavailableError(error.message);
    throw error;
  }
}
