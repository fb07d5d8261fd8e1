/** Resolve the run's target from its configuration. */
import type { RunConfig } from "../harness/run-config.js";
import { NEWEST_BUILD } from "../contract/build-features.js";
import { createFakeTarget } from "./fake-target.js";
import { FAULT_NAMES, type FaultName } from "../../fake-bridge/index.js";
import { fakeBuild, FakeBuildError, UnknownPersonaError } from "../../fake-bridge/personas/index.js";
import type { Target } from "./target.js";
import { openInstalledTarget } from "./detected-target.js";

export class TargetUnavailableError extends Error {
  override name = "TargetUnavailableError";
}

function faultNames(names: readonly string[]): FaultName[] {
  for (const name of names) {
    if (!(FAULT_NAMES as readonly string[]).includes(name)) {
      throw new TargetUnavailableError(`unknown fault '${name}' (known: ${FAULT_NAMES.join(", ")})`);
    }
  }
  return names as FaultName[];
}

export async function resolveTarget(config: RunConfig): Promise<Target> {
  if (config.target === "installed") {
    // Detection runs once, in the CLI process (src/target/detect-run.ts); its result comes here.
    if (!config.installed) throw new TargetUnavailableError("the installed target needs detection first: run it through 'ego-conformance run --target installed'");
    return openInstalledTarget(config.installed);
  }
  const infra = config.infraFaults ? { infraFaults: config.infraFaults } : {};
  const pages = config.pages !== undefined ? { pages: config.pages } : {};
  if (config.persona === undefined && config.egoVersion === undefined) {
    return createFakeTarget({ version: NEWEST_BUILD.version, features: NEWEST_BUILD.features, faults: faultNames(config.faults), ...infra, ...pages });
  }
  const build = fakeBuildOrThrow(config);
  return createFakeTarget({ ...build, faults: faultNames(config.faults), ...infra, ...pages });
}

/** The persona or version the fake emulates (fake-bridge/personas); bad names are unavailable targets. */
function fakeBuildOrThrow(config: RunConfig) {
  try {
    return fakeBuild({ persona: config.persona, egoVersion: config.egoVersion });
  } catch (error) {
    if (error instanceof UnknownPersonaError || error instanceof FakeBuildError) throw new TargetUnavailableError(error.message);
    throw error;
  }
}
