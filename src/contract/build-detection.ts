/**
 * The build-feature table meets an installed build: the methods the build exposes confirm or
 * contradict what the table says about its version. A contradiction is reported, never resolved.
 */
import { FEATURE_NAMES, type Feature } from "./features.js";
import { featureHistory, featuresForVersion, currentBuildFeatures, type Confidence } from "./build-features.js";
import type { EgoVersion } from "../version/index.js";

export interface Contradiction {
  feature: Feature;
  method: string;
  /** what the table says for the version */
  table: "present" | "absent";
  /** what detection found */
  detected: "present" | "absent";
  confidence: Confidence;
  mapping: string;
  source: string;
  /** one sentence for the report */
  message: string;
}

/** Features detectable by a method, with that method. */
export function detectableFeatures(): { feature: Feature; method: string }[] {
  return FEATURE_NAMES.flatMap((feature) => {
    const method = featureHistory(feature).detect.method;
    return method === undefined ? [] : [{ feature, method }];
  });
}

/**
 * Where detection on a build of `version` disagrees with a version mapping of the table. Only
 * features detectable by a method (`detect.method`) take part, and only verdicts that rest on a
 * version mapping can be contradicted: an `assumed` verdict is no claim about the build.
 */
export function contradictions(version: string | EgoVersion, presentMethods: Iterable<string>): Contradiction[] {
  const present = new Set(presentMethods);
  const build = featuresForVersion(version);
  const out: Contradiction[] = [];
  for (const { feature, method } of detectableFeatures()) {
    const verdict = build.verdicts.find((v) => v.feature === feature)!;
    if (verdict.basis !== "version") continue;
    const detected = present.has(method);
    if (detected === verdict.present) continue;
    const table = verdict.present ? "present" : "absent";
    out.push({
      feature,
      method,
      table,
      detected: detected ? "present" : "absent",
      confidence: verdict.confidence,
      mapping: verdict.mapping!,
      source: verdict.source,
      message: `Ego Lite ${build.version}: the build-feature table says '${feature}' is ${table} (mapping ${verdict.mapping}, ${verdict.confidence}), but ${method} is ${detected ? "" : "not "}a function`,
    });
  }
  return out;
}

/**
 * The features to judge an installed build by: the table's answer for its version, or the newest
 * documented build's features when the version is unknown. A method the judged version documents
 * (a version mapping names it, or the version is unknown and judged as the newest build) but the
 * build lacks fails that method's clauses as a missing method: detection never removes such a
 * feature. Only where the table merely assumes (no mapping names the build) does detection say
 * what the build has. What detection found against the table comes with it as contradictions.
 */
export function featuresForInstalledBuild(version: string | EgoVersion | null, presentMethods: Iterable<string>): { features: ReadonlySet<Feature>; contradictions: Contradiction[] } {
  const methods = [...presentMethods];
  if (version === null) return { features: new Set(currentBuildFeatures()), contradictions: [] };
  const present = new Set(methods);
  const build = featuresForVersion(version);
  const features = new Set(build.features);
  for (const { feature, method } of detectableFeatures()) {
    if (build.verdicts.find((v) => v.feature === feature)?.basis === "version") continue;
    if (present.has(method)) features.add(feature);
    else features.delete(feature);
  }
  return { features, contradictions: contradictions(version, methods) };
}
