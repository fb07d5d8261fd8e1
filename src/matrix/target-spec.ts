/**
 * The targets of a matrix: what each one is, its stable key and the `run` flags that reach it. The
 * key names the target everywhere, so it uses only [a-z0-9_-] (as Allure environment ids allow) and
 * is at most 64 characters.
 */
import { createHash } from "node:crypto";
import { basename } from "node:path";
import { z } from "zod";
import type { RunOptions } from "../run/options.js";

export const TARGET_KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const TargetKey = z.string().regex(TARGET_KEY);

export const FakeTargetSpec = z
  .object({
    key: TargetKey,
    kind: z.literal("fake"),
    /** a persona of the fake (an older or odd build); null for the fake's default build */
    persona: z.string().min(1).nullable(),
    /** the Ego Lite version the fake emulates; null for the persona's or the default's own */
    egoVersion: z.string().min(1).nullable(),
    /** deliberately broken fakes (harness self-tests) */
    mutants: z.array(z.string().min(1)),
    /** a persona file the fake plays (`--persona-file`, from `persona derive`), absolute */
    personaFile: z.string().min(1).optional(),
  })
  .strict();

export const InstalledTargetSpec = z
  .object({
    key: TargetKey,
    kind: z.literal("installed"),
    /** the `ego-browser` CLI to run scripts through */
    egoBrowser: z.string().min(1),
  })
  .strict();

export const TargetSpec = z.discriminatedUnion("kind", [FakeTargetSpec, InstalledTargetSpec]);
export type TargetSpec = z.infer<typeof TargetSpec>;
export type FakeTargetSpec = z.infer<typeof FakeTargetSpec>;
export type InstalledTargetSpec = z.infer<typeof InstalledTargetSpec>;

/** Lower-case, [a-z0-9_-] only, runs of anything else become one '-'. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\./g, "_")
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 8);
}

/** Fits a key into 64 characters; a shortened key keeps a hash of the whole so two never meet. */
function fit(key: string): string {
  const clean = key.replace(/^[^a-z0-9]+/, "") || "target";
  return clean.length <= 64 ? clean : `${clean.slice(0, 55).replace(/[-_]+$/, "")}-${shortHash(clean)}`;
}

export function personaTarget(persona: string): FakeTargetSpec {
  return { key: fit(`persona-${slug(persona)}`), kind: "fake", persona, egoVersion: null, mutants: [] };
}

export function versionTarget(egoVersion: string): FakeTargetSpec {
  return { key: fit(`version-${slug(egoVersion)}`), kind: "fake", persona: null, egoVersion, mutants: [] };
}

export function mutantTarget(mutant: string): FakeTargetSpec {
  return { key: fit(`mutant-${slug(mutant)}`), kind: "fake", persona: null, egoVersion: null, mutants: [mutant] };
}

/** A persona file derived from a recording: two files of one name stay apart (a hash of the path). */
export function personaFileTarget(file: string): FakeTargetSpec {
  return { key: fit(`persona-file-${slug(basename(file).replace(/\.json$/, "")) || "file"}-${shortHash(file)}`), kind: "fake", persona: null, egoVersion: null, mutants: [], personaFile: file };
}

export function defaultFakeTarget(): FakeTargetSpec {
  return { key: "fake-default", kind: "fake", persona: null, egoVersion: null, mutants: [] };
}

/** Two installed CLIs with the same file name stay apart: the key carries a hash of the full path. */
export function installedTarget(egoBrowser: string): InstalledTargetSpec {
  return { key: fit(`installed-${slug(basename(egoBrowser)) || "cli"}-${shortHash(egoBrowser)}`), kind: "installed", egoBrowser };
}

/** What a person reads in a column header before the run says more (its version). */
export function describeSpec(spec: TargetSpec): string {
  if (spec.kind === "installed") return `installed ${spec.egoBrowser}`;
  const parts = ["fake"];
  if (spec.persona !== null) parts.push(`persona ${spec.persona}`);
  if (spec.personaFile !== undefined) parts.push(`persona file ${basename(spec.personaFile)}`);
  if (spec.egoVersion !== null) parts.push(`as ${spec.egoVersion}`);
  if (spec.mutants.length > 0) parts.push(`with mutant ${spec.mutants.join("+")}`);
  if (parts.length === 1) parts.push("(default build)");
  return parts.join(" ");
}

/**
 * The run options that select this target (src/run/options.ts; without selection and output
 * paths): the matrix runs every target through the same library a user's `run` goes through.
 */
export function targetRunOptions(spec: TargetSpec): Pick<RunOptions, "target" | "mutants" | "persona" | "egoVersion" | "installed" | "personaFile"> {
  if (spec.kind === "installed") return { target: "installed", mutants: [], installed: { egoBrowser: spec.egoBrowser, keepOnFailure: false } };
  return {
    target: "fake",
    mutants: [...spec.mutants],
    ...(spec.persona !== null ? { persona: spec.persona } : {}),
    ...(spec.egoVersion !== null ? { egoVersion: spec.egoVersion } : {}),
    ...(spec.personaFile !== undefined ? { personaFile: spec.personaFile } : {}),
  };
}
