/**
 * Which Ego Lite builds have which features: ./data/build-features.json (each feature's history,
 * and version mappings where a source names a build number), validated when this module loads.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { z } from "zod";
import { FEATURE_NAMES, FeatureName, type Feature } from "./features.js";
import { METHOD_NAMES } from "./methods.js";
import {
  isEmptyRange,
  parseEgoRange,
  parseEgoVersion,
  rangesOverlap,
  satisfiesEgoRange,
  type EgoRange,
  type EgoVersion,
} from "../version/index.js";

export const CONFIDENCES = ["verified", "documented", "inferred", "anecdotal", "assumed"] as const;
export const Confidence = z.enum(CONFIDENCES);
export type Confidence = z.infer<typeof Confidence>;

const VersionText = z.string().refine((s) => {
  try {
    parseEgoVersion(s);
    return true;
  } catch {
    return false;
  }
}, "not a four-part Ego Lite version");

const RangeText = z.string().refine((s) => {
  try {
    return !isEmptyRange(parseEgoRange(s));
  } catch {
    return false;
  }
}, "not a non-empty Ego Lite range");

export const PERSONA_NAME = /^[a-z][a-z0-9-]*$/;

const PersonaSpecSchema = z
  .object({
    name: z.string().regex(PERSONA_NAME),
    /** the build it emulates; default: the current build */
    version: VersionText.optional(),
    /** whether the persona has the feature; default: the opposite of the current build */
    has: z.boolean().optional(),
    note: z.string().optional(),
  })
  .strict();

const FeatureHistorySchema = z
  .object({
    /** whether the newest documented build has it */
    current: z.boolean(),
    when: z.string().min(4),
    source: z.string().min(8),
    olderBuilds: z.string().min(8),
    personas: z.array(PersonaSpecSchema).min(1),
    detect: z.object({ how: z.string(), method: z.enum(METHOD_NAMES).optional() }).strict(),
  })
  .strict();

const MappingSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9.-]+$/),
    versions: RangeText,
    present: z.array(FeatureName),
    absent: z.array(FeatureName),
    confidence: Confidence.exclude(["assumed"]),
    source: z.string().min(8),
  })
  .strict()
  .refine((m) => m.present.length + m.absent.length > 0, "a mapping names at least one feature")
  .refine((m) => !m.present.some((f) => m.absent.includes(f)), "a feature is both present and absent");

export const BuildFeaturesSchema = z
  .object({
    $comment: z.string().optional(),
    confidence: z.record(Confidence, z.string()),
    currentBuild: z.object({ version: VersionText, source: z.string() }).strict(),
    features: z.record(FeatureName, FeatureHistorySchema),
    mappings: z.array(MappingSchema),
  })
  .strict();
export type BuildFeaturesData = z.infer<typeof BuildFeaturesSchema>;
export type FeatureHistory = z.infer<typeof FeatureHistorySchema>;

export interface VersionMapping extends z.infer<typeof MappingSchema> {
  range: EgoRange;
}

/** The answer for one feature at one version, and why. */
export interface FeatureVerdict {
  feature: Feature;
  present: boolean;
  /** `version`: a mapping covers the version; `assumed`: no build number is known (current build's value) */
  basis: "version" | "assumed";
  confidence: Confidence;
  /** the mapping's id, for basis `version` */
  mapping?: string;
  source: string;
}

export interface BuildFeatures {
  version: string;
  features: ReadonlySet<Feature>;
  /** one per feature, in FEATURES order */
  verdicts: FeatureVerdict[];
}

export const BUILD_FEATURES_FILE = resolve(import.meta.dirname, "data/build-features.json");

/** Validates the table; throws an Error listing every problem. */
export function loadBuildFeatures(raw: unknown, file = BUILD_FEATURES_FILE): { data: BuildFeaturesData; mappings: VersionMapping[] } {
  const parsed = BuildFeaturesSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`invalid build-feature table ${file}:\n${z.prettifyError(parsed.error)}`);
  const data = parsed.data;
  const problems: string[] = [];
  for (const f of FEATURE_NAMES) if (!(f in data.features)) problems.push(`feature '${f}' has no history record`);
  const mappings = data.mappings.map((m) => ({ ...m, range: parseEgoRange(m.versions) }));
  const ids = new Set<string>();
  for (const m of mappings) {
    if (ids.has(m.id)) problems.push(`mapping id '${m.id}' is used twice`);
    ids.add(m.id);
  }
  for (const [i, a] of mappings.entries()) {
    for (const b of mappings.slice(i + 1)) {
      if (!rangesOverlap(a.range, b.range)) continue;
      for (const f of a.present) if (b.absent.includes(f)) problems.push(`mappings '${a.id}' and '${b.id}' overlap and disagree on '${f}'`);
      for (const f of a.absent) if (b.present.includes(f)) problems.push(`mappings '${a.id}' and '${b.id}' overlap and disagree on '${f}'`);
    }
  }
  const names = new Set<string>(["current"]);
  for (const history of Object.values(data.features)) {
    for (const p of history.personas) {
      if (names.has(p.name)) problems.push(`persona name '${p.name}' is used twice (or is the reserved 'current')`);
      names.add(p.name);
    }
  }
  if (problems.length > 0) throw new Error(`invalid build-feature table ${file}:\n  ${problems.join("\n  ")}`);
  return { data, mappings };
}

const LOADED = loadBuildFeatures(JSON.parse(readFileSync(BUILD_FEATURES_FILE, "utf8")));

export const BUILD_FEATURES: BuildFeaturesData = LOADED.data;
export const VERSION_MAPPINGS: readonly VersionMapping[] = LOADED.mappings;
/** The newest documented build (what the fake is by default). */
export const CURRENT_BUILD_VERSION: string = BUILD_FEATURES.currentBuild.version;

export function featureHistory(feature: Feature): FeatureHistory {
  return BUILD_FEATURES.features[feature] as FeatureHistory;
}

/** Features the current build has, according to the table. */
export function currentBuildFeatures(): ReadonlySet<Feature> {
  return new Set(FEATURE_NAMES.filter((f) => featureHistory(f).current));
}

/**
 * The newest documented build, derived from the table alone: `currentBuild.version` and the
 * features marked `current`. What the fake emulates when no persona or version is asked for, and
 * how a build of unknown version is judged. The one definition: every other module reads this.
 */
export const NEWEST_BUILD: Readonly<{ version: string; features: ReadonlySet<Feature> }> = Object.freeze({
  version: CURRENT_BUILD_VERSION,
  features: currentBuildFeatures(),
});

function asVersion(version: string | EgoVersion): EgoVersion {
  return typeof version === "string" ? parseEgoVersion(version) : version;
}

/**
 * Every feature's verdict for `version`: from the mappings whose range holds it, and otherwise the
 * current build's value with confidence `assumed` (no build number is known, so the feature is
 * gated by detection or a persona, never by a guessed version). Throws for a non-version.
 */
export function featuresForVersion(version: string | EgoVersion, mappings: readonly VersionMapping[] = VERSION_MAPPINGS): BuildFeatures {
  const v = asVersion(version);
  const applicable = mappings.filter((m) => satisfiesEgoRange(v, m.range));
  const verdicts = FEATURE_NAMES.map((feature): FeatureVerdict => {
    const m = applicable.find((x) => x.present.includes(feature) || x.absent.includes(feature));
    if (m) return { feature, present: m.present.includes(feature), basis: "version", confidence: m.confidence, mapping: m.id, source: m.source };
    const history = featureHistory(feature);
    return {
      feature,
      present: history.current,
      basis: "assumed",
      confidence: "assumed",
      source: `no build number known (${history.when}; ${history.source}): the current build's behaviour, to be confirmed by detection or a persona`,
    };
  });
  return { version: v.text, features: new Set(verdicts.filter((x) => x.present).map((x) => x.feature)), verdicts };
}

/** The persona names the table defines (fake-bridge/personas builds them): `current`, then one per feature record. */
export function personaNamesInTable(): string[] {
  return ["current", ...FEATURE_NAMES.flatMap((f) => featureHistory(f).personas.map((p) => p.name))];
}
