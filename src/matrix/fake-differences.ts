/**
 * compat's "differs from the fake", for every clause: each target that is not a fake column (an
 * installed build, a fake with mutants) has its recording compared with the recording of the fake
 * column that plays the same build, by the comparison verify-fake and diff use
 * (src/recording/compare.ts). Every clause with a judged difference gets `differsFromFake` in its
 * cell: the fake column's key and the differences (which call, build vs fake).
 *
 * The fake column that plays a target's build:
 *   - for a fake with mutants: the fake column of the same spec without them (same persona,
 *     version, persona file);
 *   - for an installed build: a mutant-free fake column that ran as the version the build reported,
 *     with that version's features (src/contract/build-features.ts): the fake by version (or its
 *     default build) first, else a persona of exactly that build; none when no column plays it.
 * Each target's recording is the transcript its run wrote into its results directory (the
 * matrix asks every target to record, src/matrix/run-targets.ts).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { featuresForVersion } from "../contract/build-features.js";
import { PERSONAS } from "../contract/personas.js";
import { compareTranscripts, type Difference } from "../recording/compare.js";
import { DEFAULT_TRANSCRIPT_FILE, readTranscript } from "../recording/transcript.js";
import { MAX_FAKE_DIFFERENCES, type CompatCell, type FakeDifference, type TargetOutcome } from "./compat-schema.js";
import type { MergedMatrix } from "./merge.js";
import { idRecord, ownEntry } from "../tables/id-record.js";

/** Where a target's run writes its transcript: inside its results directory, so it travels with the bundle. */
export function targetTranscriptFile(resultsDir: string): string {
  return join(resultsDir, DEFAULT_TRANSCRIPT_FILE);
}

const isFakeColumn = (t: TargetOutcome) => t.spec.kind === "fake" && t.spec.mutants.length === 0;

/** Whether a mutant-free fake column plays Ego Lite `version` as that version's build. */
function playsVersion(column: TargetOutcome, version: string): boolean {
  if (column.spec.kind !== "fake" || column.spec.personaFile !== undefined || column.egoVersion !== version) return false;
  if (column.persona === null) return true;
  const persona = PERSONAS.find((p) => p.name === column.persona);
  if (persona === undefined) return false;
  const own = featuresForVersion(version).features;
  return persona.features.size === own.size && [...own].every((f) => persona.features.has(f));
}

/** The fake column `target` is compared with, or why there is none; undefined for a fake column itself. */
export function fakeColumnFor(target: TargetOutcome, columns: readonly TargetOutcome[]): { fake: TargetOutcome } | { reason: string } | undefined {
  if (isFakeColumn(target)) return undefined;
  const ran = columns.filter((c) => c.availability === "ran" && isFakeColumn(c));
  const { spec } = target;
  if (spec.kind === "fake") {
    const same = ran.find((c) => c.spec.kind === "fake" && c.spec.persona === spec.persona && c.spec.egoVersion === spec.egoVersion && c.spec.personaFile === spec.personaFile);
    return same ? { fake: same } : { reason: "no fake column plays this target's build without its mutants" };
  }
  if (target.egoVersion === null) return { reason: "the build's version is unknown: no fake column can be said to play it" };
  const version = target.egoVersion;
  const playing = ran.filter((c) => playsVersion(c, version)).sort((a, b) => Number(a.persona !== null) - Number(b.persona !== null) || a.key.localeCompare(b.key));
  return playing[0] ? { fake: playing[0] } : { reason: `no fake column plays Ego Lite ${version} (add --versions ${version} or its persona)` };
}

function asFakeDifference(d: Difference): FakeDifference {
  return { ...(d.test !== undefined ? { test: d.test } : {}), ...(d.call !== undefined ? { call: d.call } : {}), kind: d.kind, ...(d.path !== undefined ? { path: d.path } : {}), build: d.a, fake: d.b };
}

/** The merged matrix with every non-fake target compared with its fake column: `differsFromFake` on its cells, `fakeComparison` on it. */
export async function markFakeDifferences(merged: MergedMatrix): Promise<MergedMatrix> {
  const dirs = new Map(merged.results.map((r) => [r.key, r.dir]));
  const outcomes = await Promise.all(
    merged.outcomes.map(async (target): Promise<TargetOutcome> => {
      if (target.availability !== "ran") return target;
      const column = fakeColumnFor(target, merged.outcomes);
      if (column === undefined) return target;
      if ("reason" in column) return { ...target, fakeComparison: { fake: null, reason: column.reason, compared: 0, differing: 0 } };
      const fake = column.fake;
      const files = [target, fake].map((t) => targetTranscriptFile(dirs.get(t.key) ?? ""));
      const missing = [target, fake].filter((_, i) => !existsSync(files[i]!));
      if (missing.length > 0) return { ...target, fakeComparison: { fake: fake.key, reason: `no recording of ${missing.map((t) => t.key).join(" and ")}`, compared: 0, differing: 0 } };
      const [build, played] = await Promise.all(files.map((f) => readTranscript(f)));
      const comparison = compareTranscripts(build!, played!, { onlyBoth: true });
      const byClause = new Map<string, Difference[]>();
      for (const d of comparison.differences) if (d.judged) byClause.set(d.clause, [...(byClause.get(d.clause) ?? []), d]);
      const cells = idRecord(Object.entries(target.cells));
      for (const [clause, differences] of byClause) {
        const cell = ownEntry(cells, clause);
        if (cell === undefined) continue;
        cells[clause] = { ...cell, differsFromFake: { fake: fake.key, count: differences.length, differences: differences.slice(0, MAX_FAKE_DIFFERENCES).map(asFakeDifference) } };
      }
      const differing = Object.values(cells).filter((c) => c.differsFromFake !== undefined).length;
      return { ...target, cells, fakeComparison: { fake: fake.key, compared: comparison.compared, differing } };
    }),
  );
  return { ...merged, outcomes };
}
