/** Resolve the run's target from its configuration: the installed build as detected, or the fake. */
import type { RunConfig } from "../harness/run-config.js";
import { fakeTargetForRun } from "./fake/fake-for-run.js";
import { TargetUnavailableError, type Target } from "./target.js";
import { openInstalledTarget } from "./detect/detected-target.js";

export { TargetUnavailableError } from "./target.js";

export async function resolveTarget(config: RunConfig): Promise<Target> {
  if (config.target === "installed") {
    // Detection runs once, in the CLI process (src/targets/detect/detect-run.ts); its result comes here.
    if (!config.installed) throw new TargetUnavailableError("the installed target needs detection first: run it through 'ego-conformance run --target installed'");
    return openInstalledTarget(config.installed);
  }
  return fakeTargetForRun(config);
}
