/**
 * The run's results directory: prepared (a directory this harness owns), given the run's
 * environment, and, when the installed CLI never answered a probe, every selected clause broken
 * with why, instead of suites that would each wait for the same timeout.
 */
import { CATALOGUE, type Clause } from "../contract/index.js";
import { CURRENT_BUILD_VERSION } from "../contract/build-features.js";
import { environmentEntries, writeEnvironment } from "../report/allure-report.js";
import { UNKNOWN_VERSION } from "../labels/labels.js";
import { writeClauseResult } from "../report/clause-result.js";
import { prepareOwnedDir } from "../files/output-dir.js";
import { installedEnvironment } from "../targets/detect/detect-run.js";
import type { TargetInfo } from "../targets/target.js";
import { setUp, type Execution } from "./execution.js";
import type { Step } from "./steps.js";

export const prepareResults: Step<Execution> = {
  title: "prepare the results directory",
  async setup(run) {
    await prepareOwnedDir(run.plan.options.resultsDir, "results", { what: "--results" });
  },
};

export const writeRunEnvironment: Step<Execution> = {
  title: "write the run's environment",
  async setup(run) {
    const info = setUp(run.info, "the target's info");
    const config = setUp(run.config, "the run config");
    await writeEnvironment(run.plan.options.resultsDir, environmentEntries({
      target: info.kind,
      targetName: info.name,
      egoVersion: info.egoVersion === null ? `version unknown${info.egoVersionText === null ? "" : ` ('${info.egoVersionText}', not a four-part version)`} — judged as the newest documented build, ${CURRENT_BUILD_VERSION}` : info.egoVersionText ?? UNKNOWN_VERSION,
      ...(info.persona ? { persona: info.persona } : {}),
      extra: { "version source": info.versionSource, "run id": config.runId, ...(config.ungated ? { gating: "ungated (every clause ran, regardless of features and versions)" } : {}), ...(run.detected ? installedEnvironment(run.detected) : {}) },
    }));
  },
};

export const writeUnreachableResults: Step<Execution> = {
  title: "write broken results for an unreachable CLI",
  async setup(run) {
    const detection = run.detected?.detection;
    // the CLI never ran a probe (it hung, or failed to start); the run ends after this step
    if (!detection || detection.bridge !== null) return;
    await writeBroken(run.plan.options.resultsDir, setUp(run.info, "the target's info"), CATALOGUE.filter(run.plan.selected), detection.bridgeError ?? "the bridge could not be asked");
    run.unreachable = true;
  },
};

async function writeBroken(resultsDir: string, info: TargetInfo, clauses: readonly Clause[], reason: string): Promise<void> {
  const now = Date.now();
  for (const clause of clauses) {
    await writeClauseResult(resultsDir, { clause, target: info, status: "broken", message: `the installed target could not be reached: ${reason}`, start: now, stop: now });
  }
}
