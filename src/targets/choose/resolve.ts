/** Resolve the run's target from its choice: the installed build as detected, or the fake. */
import { fakeTargetForRun, type FakeRunChoice } from "../fake/fake-for-run.js";
import { TargetUnavailableError, type Target } from "../target.js";
import { openInstalledTarget, type InstalledTargetConfig } from "../detect/detected-target.js";

export { TargetUnavailableError } from "../target.js";

/**
 * What of a run's configuration (src/harness/run-config.ts, whose RunConfig has this shape) the
 * choice of target reads: which target, the installed build as detected, or the fake's build.
 */
export interface TargetChoice extends FakeRunChoice {
  target: "fake" | "installed";
  installed?: InstalledTargetConfig | undefined;
}

export async function resolveTarget(config: TargetChoice): Promise<Target> {
  if (config.target === "installed") {
    // Detection runs once, in the CLI process (src/targets/detect/detect-run.ts); its result comes here.
    if (!config.installed) throw new TargetUnavailableError("the installed target needs detection first: run it through 'ego-conformance run --target installed'");
    return openInstalledTarget(config.installed);
  }
  return fakeTargetForRun(config);
}
