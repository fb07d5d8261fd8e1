/** The run config (src/harness/run-config.ts) a run's plan gives its workers, through their environment. */
import type { RunConfig } from "../harness/run-config.js";
import type { DetectedRun } from "../targets/detect/detect-run.js";
import type { RunPlan } from "./plan.js";

export function runConfigOf(plan: RunPlan, detected: DetectedRun | undefined): RunConfig {
  const { options } = plan;
  return {
    target: options.target,
    runId: plan.runId,
    mutants: options.mutants,
    ...(options.persona !== undefined ? { persona: options.persona } : {}),
    ...(options.pages !== undefined ? { pages: options.pages } : {}),
    ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
    ...(options.ungated ? { ungated: true } : {}),
    ...(detected ? { installed: detected.config } : {}),
    ...(options.installed?.keepOnFailure ? { keepOnFailure: true } : {}),
    // the infrastructure-fault plan goes to the in-process fake; an installed fake app was started with it
    ...(!options.installed && plan.infraFaults ? { infraFaults: plan.infraFaults } : {}),
    ...(options.noSlow ? { noSlow: true } : {}),
    ...(plan.record !== undefined ? { record: true } : {}),
    ...(plan.personaFile ? { personaFile: { name: plan.personaFile.name, version: plan.personaFile.version, features: plan.personaFile.features, openDetails: plan.personaFile.openDetails } } : {}),
  };
}
