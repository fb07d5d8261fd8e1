/**
 * The run's target: detection, once, for an installed run (the workers get its result through the
 * run config), then the target itself, whose info labels the results. The installed target stays
 * open for the run guard's cleanup; the in-process fake's is closed as soon as its info is read.
 */
import { detectRun, type DetectedRun } from "../targets/detect/detect-run.js";
import { CliNotFoundError } from "../targets/detect/locate-cli.js";
import { resolveTarget, TargetUnavailableError } from "../targets/choose/resolve.js";
import type { Execution } from "./execution.js";
import type { RunPlan } from "./plan.js";
import { runConfigOf } from "./run-config-of.js";
import type { Step } from "./steps.js";

/** After an interrupt, closing the target is bounded: a session cut short by the cleanup's bound may still be in flight. */
const INTERRUPTED_CLOSE_MS = 2000;

export const detectTarget: Step<Execution> = {
  title: "detect the installed target",
  async setup(run) {
    if (run.plan.options.installed) run.detected = await detectInstalledOrThrow(run.plan);
  },
};

export const reachTarget: Step<Execution> = {
  title: "reach the target",
  async setup(run) {
    run.config = runConfigOf(run.plan, run.detected);
    const target = await resolveTarget(run.config);
    run.info = target.info;
    if (run.detected) run.installedTarget = target;
    else await target.close();
  },
  async teardown(run) {
    const target = run.installedTarget;
    if (!target) return;
    const interrupted = run.guard?.interrupted ?? null;
    await (interrupted === null ? target.close() : Promise.race([target.close(), new Promise<void>((r) => setTimeout(r, INTERRUPTED_CLOSE_MS).unref())]));
  },
};

/** Detection for the installed target; a missing CLI is a run that cannot be made. */
async function detectInstalledOrThrow(plan: RunPlan): Promise<DetectedRun> {
  const { options } = plan;
  const o = options.installed!;
  try {
    return await detectRun({
      ...(o.egoBrowser !== undefined ? { flag: o.egoBrowser } : {}),
      ...(options.egoVersion !== undefined ? { egoVersion: options.egoVersion } : {}),
      ...(o.operator !== undefined ? { operator: o.operator } : {}),
      ...(o.probeTimeoutMs !== undefined ? { probeTimeoutMs: o.probeTimeoutMs } : {}),
    });
  } catch (error) {
    if (error instanceof CliNotFoundError) throw new TargetUnavailableError(error.message);
    throw error;
  }
}
