/**
 * How a conformance run tells the suites which target to use. The CLI writes these variables
 * before vitest starts its workers; the suites' fixtures read them. Nothing else crosses.
 */
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { FeatureName } from "../contract/features.js";
import { InfraFaultPlan } from "../contract/infra-fault-plan.js";
import { OPEN_DETAIL_OUTCOMES } from "../contract/persona-file.js";
import { PagesChoice } from "../contract/pages-choice.js";
import { decodeInstalledConfig, encodeInstalledConfig, InstalledTargetConfig } from "../targets/detect/detected-target.js";

/** The variable that names the run's Allure results directory: for the reporter (vitest.conformance.config.ts) and the workers, which keep their tests' recorded calls there (src/recording/clause-recording.ts). */
export const RESULTS_DIR_ENV = "ALLURE_RESULTS_DIR";

export const RUN_ENV = {
  target: "EGO_CONFORMANCE_TARGET",
  runId: "EGO_CONFORMANCE_RUN_ID",
  mutants: "EGO_CONFORMANCE_MUTANTS",
  persona: "EGO_CONFORMANCE_PERSONA",
  egoVersion: "EGO_CONFORMANCE_EGO_VERSION",
  ungated: "EGO_CONFORMANCE_UNGATED",
  installed: "EGO_CONFORMANCE_INSTALLED",
  keepOnFailure: "EGO_CONFORMANCE_KEEP_ON_FAILURE",
  infraFaults: "EGO_CONFORMANCE_INFRA_FAULTS",
  pages: "EGO_CONFORMANCE_PAGES",
  noSlow: "EGO_CONFORMANCE_NO_SLOW",
  record: "EGO_CONFORMANCE_RECORD",
  personaFile: "EGO_CONFORMANCE_PERSONA_FILE",
} as const;

export const RunConfig = z.object({
  target: z.enum(["fake", "installed"]).default("fake"),
  runId: z.string().regex(/^[a-z0-9-]+$/),
  mutants: z.array(z.string()).default([]),
  /** the fake persona (fake-bridge/personas): an older or differently launched build */
  persona: z.string().optional(),
  /** the Ego Lite version the fake emulates (features from the build-feature table) */
  egoVersion: z.string().optional(),
  /** run every clause regardless of build features and versions (persona self-tests) */
  ungated: z.boolean().optional(),
  /** the installed target as detected once by the CLI (src/targets/detect/detected-target.ts) */
  installed: InstalledTargetConfig.optional(),
  /** a failed test's task spaces are kept, not closed (`run --keep-on-failure`) */
  keepOnFailure: z.boolean().optional(),
  /** the infrastructure-fault plan the fake runs under (`run --infra-faults FILE`, fake-bridge/infra-faults) */
  infraFaults: InfraFaultPlan.optional(),
  /** the fake's pages (`--pages chromium|model`); unset: chromium wherever a browser is found */
  pages: PagesChoice.optional(),
  /** skip the clauses tagged slow (`run --no-slow`) */
  noSlow: z.boolean().optional(),
  /** the build the fake plays, from a persona file (`run --persona-file FILE`, derived from a recording) */
  personaFile: z.object({ name: z.string(), version: z.string(), features: z.array(FeatureName), openDetails: z.record(z.string(), z.enum(OPEN_DETAIL_OUTCOMES)).default({}) }).optional(),
  /** keep every native call of each clause for the run's transcript (`run --record`, src/recording) */
  record: z.boolean().optional(),
});
export type RunConfig = z.infer<typeof RunConfig>;

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "").replace("T", "-").toLowerCase();
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

export function readRunConfig(env: NodeJS.ProcessEnv = process.env): RunConfig {
  return RunConfig.parse({
    target: env[RUN_ENV.target] || undefined,
    runId: env[RUN_ENV.runId] || newRunId(),
    mutants: env[RUN_ENV.mutants] ? env[RUN_ENV.mutants]!.split(",").filter(Boolean) : undefined,
    persona: env[RUN_ENV.persona] || undefined,
    egoVersion: env[RUN_ENV.egoVersion] || undefined,
    ungated: env[RUN_ENV.ungated] === "1" || undefined,
    installed: env[RUN_ENV.installed] ? decodeInstalledConfig(env[RUN_ENV.installed]!) : undefined,
    keepOnFailure: env[RUN_ENV.keepOnFailure] === "1" || undefined,
    infraFaults: env[RUN_ENV.infraFaults] ? (JSON.parse(env[RUN_ENV.infraFaults]!) as unknown) : undefined,
    pages: env[RUN_ENV.pages] || undefined,
    noSlow: env[RUN_ENV.noSlow] === "1" || undefined,
    record: env[RUN_ENV.record] === "1" || undefined,
    personaFile: env[RUN_ENV.personaFile] ? (JSON.parse(env[RUN_ENV.personaFile]!) as unknown) : undefined,
  });
}

export function runConfigEnv(config: RunConfig): Record<string, string> {
  return {
    [RUN_ENV.target]: config.target,
    [RUN_ENV.runId]: config.runId,
    [RUN_ENV.mutants]: config.mutants.join(","),
    [RUN_ENV.persona]: config.persona ?? "",
    [RUN_ENV.egoVersion]: config.egoVersion ?? "",
    [RUN_ENV.ungated]: config.ungated ? "1" : "",
    [RUN_ENV.installed]: config.installed ? encodeInstalledConfig(config.installed) : "",
    [RUN_ENV.keepOnFailure]: config.keepOnFailure ? "1" : "",
    [RUN_ENV.infraFaults]: config.infraFaults ? JSON.stringify(config.infraFaults) : "",
    [RUN_ENV.pages]: config.pages ?? "",
    [RUN_ENV.noSlow]: config.noSlow ? "1" : "",
    [RUN_ENV.record]: config.record ? "1" : "",
    [RUN_ENV.personaFile]: config.personaFile ? JSON.stringify(config.personaFile) : "",
  };
}
