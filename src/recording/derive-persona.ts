/**
 * A persona from a recording (`persona derive`): the recorded build's version, the features its
 * verdicts show, and the open details its unspecified clauses observed. A feature no recorded clause
 * shows is the build-feature table's answer for the version, never a guess.
 */
import { CATALOGUE } from "../contract/catalogue.js";
import { featuresForVersion } from "../contract/build-features.js";
import { FEATURE_NAMES, type Feature } from "../contract/features.js";
import type { Transcript } from "./transcript.js";
import { namedError } from "../errors/named-error.js";

export interface DerivedPersona {
  format: "ego-conformance-persona/1";
  name: string;
  version: string;
  features: Feature[];
  basis: Record<string, "verdicts" | "version">;
  openDetails: Record<string, string>;
  derivedFrom: { kind: string | null; egoVersion: string | null; persona: string | null };
}

export class DeriveError extends namedError("DeriveError", "bad-input") {}

const HELD = new Set(["passed", "unspecified", "known"]);
const BROKE = new Set(["failed", "precondition-failed"]);

/** Whether the recording shows the build has `feature`: true, false, or undefined when it says nothing. */
function shown(recording: Transcript, feature: Feature): boolean | undefined {
  const needing = new Set(CATALOGUE.filter((c) => c.features.includes(feature)).map((c) => c.id));
  const evidence = recording.clauses.filter((c) => needing.has(c.id) && (HELD.has(c.verdict) || BROKE.has(c.verdict) || c.notApplicable === `feature:${feature}`));
  if (!evidence.length) return undefined;
  return evidence.every((c) => HELD.has(c.verdict));
}

export function derivePersona(recording: Transcript, name: string): DerivedPersona {
  const version = recording.target.egoVersion;
  if (version === null || !/^\d+\.\d+\.\d+\.\d+$/.test(version)) throw new DeriveError(`the recording's build has no four-part version ('${version ?? "unknown"}'): a persona needs one`);
  const table = featuresForVersion(version).features;
  const features: Feature[] = [];
  const basis: DerivedPersona["basis"] = {};
  for (const feature of FEATURE_NAMES) {
    const has = shown(recording, feature);
    basis[feature] = has === undefined ? "version" : "verdicts";
    if (has ?? table.has(feature)) features.push(feature);
  }
  const openDetails = Object.fromEntries(recording.clauses.filter((c) => c.openDetail !== undefined).map((c) => [c.id, c.openDetail!]));
  const { kind, egoVersion, persona } = recording.target;
  return { format: "ego-conformance-persona/1", name, version, features, basis, openDetails, derivedFrom: { kind, egoVersion, persona } };
}

/**
 * The open details a persona records the build choosing otherwise than the fake, at clauses where
 * the fake has one choice only (`playable`: the clauses whose open detail it plays either way):
 * run --persona-file plays the fake's own choice there, so its verdict stays but the detail differs.
 */
export function unplayableOpenDetails(persona: Pick<DerivedPersona, "openDetails">, playable: ReadonlySet<string>): string[] {
  return Object.entries(persona.openDetails)
    .filter(([clause, outcome]) => outcome === "differs-from-the-fake" && !playable.has(clause))
    .map(([clause]) => clause)
    .sort();
}
