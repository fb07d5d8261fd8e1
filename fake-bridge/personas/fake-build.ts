/**
 * What build the fake emulates for a run: a persona, a persona file, a version's features, or the
 * current build. What that build does is ./persona-behaviour.ts.
 */
import { CURRENT_BUILD_VERSION, featuresForVersion } from "../../src/contract/build-features.js";
import type { Feature } from "../../src/contract/features.js";
import { tryParseEgoVersion } from "../../src/version/index.js";
import { personaByName } from "../../src/contract/personas.js";
import type { PersonaFile } from "../../src/contract/persona-file.js";
import { namedError } from "../../src/errors/named-error.js";

export interface FakeBuild {
  version: string;
  features: ReadonlySet<Feature>;
  /** the open details the build chose, per unspecified clause (a persona file's: ./persona-behaviour.ts plays them) */
  openDetails?: Readonly<Record<string, string>>;
  persona?: string;
  /** where the version came from, for the report */
  versionSource: string;
}

export class FakeBuildError extends namedError("FakeBuildError", "bad-input") {}

export function fakeBuild(choice: { persona?: string | undefined; egoVersion?: string | undefined; personaFile?: Pick<PersonaFile, "name" | "version" | "features"> & { openDetails?: Readonly<Record<string, string>> | undefined } | undefined }): FakeBuild {
  if (choice.personaFile !== undefined) {
    if (choice.persona !== undefined || choice.egoVersion !== undefined) throw new FakeBuildError("a persona file has its own version and features: give it alone, without a persona or a version");
    const file = choice.personaFile;
    return { version: file.version, features: new Set(file.features), openDetails: { ...file.openDetails }, persona: file.name, versionSource: `persona file ${file.name} (derived from a recording)` };
  }
  if (choice.persona !== undefined && choice.egoVersion !== undefined) {
    throw new FakeBuildError(`choose a persona or an Ego Lite version, not both (persona '${choice.persona}' is Ego Lite ${personaByName(choice.persona).version})`);
  }
  if (choice.persona !== undefined) {
    const persona = personaByName(choice.persona);
    const basis = persona.versionBasis === "named build" ? "a named build" : "the current build standing in for an unnumbered one";
    return { version: persona.version, features: persona.features, persona: persona.name, versionSource: `persona ${persona.name} (${basis})` };
  }
  if (choice.egoVersion !== undefined) {
    if (tryParseEgoVersion(choice.egoVersion) === null) throw new FakeBuildError(`--ego-version must be a four-part Ego Lite version like 0.5.0.19, not '${choice.egoVersion}'`);
    return { version: choice.egoVersion, features: featuresForVersion(choice.egoVersion).features, versionSource: "--ego-version (features from the build-feature table)" };
  }
  return { version: CURRENT_BUILD_VERSION, features: featuresForVersion(CURRENT_BUILD_VERSION).features, versionSource: "fake default (the current build)" };
}
