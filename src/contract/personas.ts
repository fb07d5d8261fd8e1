/**
 * Personas: the fake as a documented older (or differently launched) Ego Lite build, derived from
 * the build-feature table, never listed by hand; `current` is the newest build with nothing changed.
 */
import {
  BUILD_FEATURES,
  CURRENT_BUILD_VERSION,
  currentBuildFeatures,
  featureHistory,
  featuresForVersion,
} from "./build-features.js";
import { FEATURE_NAMES, type Feature } from "./features.js";
import { namedError } from "../errors/named-error.js";

export interface PersonaDifference {
  feature: Feature;
  /** whether the persona has the feature (the current build has the opposite) */
  has: boolean;
}

export interface Persona {
  name: string;
  /** the Ego Lite version the fake reports */
  version: string;
  /** whether `version` is a build a source names, or the current build standing in for an unnumbered one */
  versionBasis: "named build" | "current build";
  /** the build features the fake emulates */
  features: ReadonlySet<Feature>;
  /** how it differs from the current build, feature by feature */
  differences: PersonaDifference[];
  /** what the persona stands for, in words */
  standsFor: string;
  /** where the difference is documented */
  source: string;
  note?: string;
}

export class UnknownPersonaError extends namedError("UnknownPersonaError", "bad-input") {}

function differencesFrom(features: ReadonlySet<Feature>): PersonaDifference[] {
  const current = currentBuildFeatures();
  return FEATURE_NAMES.filter((f) => features.has(f) !== current.has(f)).map((feature) => ({ feature, has: features.has(feature) }));
}

/**
 * A feature's history names the persona that emulates its difference, the build it stands for (a
 * named version, or the current build when no build number is known) and whether it has the
 * feature. Its features are the table's answer for that version with that one difference applied,
 * so each persona isolates one documented build difference.
 */
function derivePersonas(): Persona[] {
  const personas: Persona[] = [
    {
      name: "current",
      version: CURRENT_BUILD_VERSION,
      versionBasis: "named build",
      features: featuresForVersion(CURRENT_BUILD_VERSION).features,
      differences: [],
      standsFor: `the newest documented build, ${CURRENT_BUILD_VERSION}`,
      source: BUILD_FEATURES.currentBuild.source,
    },
  ];
  for (const feature of FEATURE_NAMES) {
    const history = featureHistory(feature);
    for (const spec of history.personas) {
      const has = spec.has ?? !history.current;
      const version = spec.version ?? CURRENT_BUILD_VERSION;
      const features = new Set(featuresForVersion(version).features);
      if (has) features.add(feature);
      else features.delete(feature);
      const change = has ? `has '${feature}'` : `no '${feature}': ${history.olderBuilds}`;
      personas.push({
        name: spec.name,
        version,
        versionBasis: spec.version === undefined ? "current build" : "named build",
        features,
        differences: differencesFrom(features),
        standsFor:
          spec.version === undefined
            ? `an unnumbered build (${history.when}; the fake reports the current build's version, ${version}): ${change}`
            : `Ego Lite ${version}: ${change}`,
        source: history.source,
        ...(spec.note !== undefined ? { note: spec.note } : {}),
      });
    }
  }
  return personas;
}

export const PERSONAS: readonly Persona[] = Object.freeze(derivePersonas());
export const PERSONA_NAMES: readonly string[] = PERSONAS.map((p) => p.name);

export function personaByName(name: string): Persona {
  const persona = PERSONAS.find((p) => p.name === name);
  if (!persona) throw new UnknownPersonaError(`unknown persona '${name}' (personas: ${PERSONA_NAMES.join(", ")})`);
  return persona;
}

/** Features the current build has and the persona lacks. */
export function featuresOff(persona: Persona): Feature[] {
  return persona.differences.filter((d) => !d.has).map((d) => d.feature);
}

/** Features the persona has and the current build lacks. */
export function featuresOn(persona: Persona): Feature[] {
  return persona.differences.filter((d) => d.has).map((d) => d.feature);
}
