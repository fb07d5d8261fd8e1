/**
 * Detection at the start of an installed run (and for `ego-conformance detect`): find the CLI,
 * ask it once, and make the configuration the run's workers build their targets from.
 */
import { createCliTarget } from "../cli/cli-target.js";
import { detectInstalled, type Detection } from "./detect.js";
import { configInfo, installedTargetInfo, type InstalledTargetConfig } from "./detected-target.js";
import { describeSource, locateCli, type LocateOptions } from "./locate-cli.js";
import { installedPageCapabilities } from "../fake/pages-capability.js";
import type { TargetInfo } from "../target.js";
import { CURRENT_BUILD_VERSION } from "../../contract/build-features.js";

export interface DetectRunOptions extends LocateOptions {
  /** `--ego-version`: the fallback version */
  egoVersion?: string;
  /** `--operator ENDPOINT`: the operator endpoint (gives the run the operator capability) */
  operator?: string;
  /** `--probe-timeout MS`: bound on one probe, detection included */
  probeTimeoutMs?: number;
}

export interface DetectedRun {
  detection: Detection;
  info: TargetInfo;
  config: InstalledTargetConfig;
}

/** Locate the CLI (CliNotFoundError if there is none) and detect the build behind it. */
export async function detectRun(options: DetectRunOptions): Promise<DetectedRun> {
  const cli = await locateCli(options);
  const provisional: TargetInfo = {
    kind: "installed",
    name: cli.path,
    egoVersion: null,
    egoVersionText: null,
    versionSource: "detecting",
    features: new Set(),
    capabilities: new Set(),
  };
  const target = createCliTarget({ cliPath: cli.path, info: provisional, prewarm: 0, ...(options.probeTimeoutMs !== undefined ? { probeTimeoutMs: options.probeTimeoutMs, processTimeoutMs: options.probeTimeoutMs } : {}) });
  let detection: Detection;
  try {
    detection = await detectInstalled({ cli, target, ...(options.egoVersion !== undefined ? { egoVersionFlag: options.egoVersion } : {}) });
  } finally {
    await target.close();
  }
  const pages = await installedPageCapabilities(cli.path);
  const info = installedTargetInfo(detection, { operator: options.operator !== undefined, pages: pages.capabilities });
  const warnings = [...target.warnings, ...(pages.warning ? [pages.warning] : [])];
  if (warnings.length) info.warnings = warnings;
  const config: InstalledTargetConfig = {
    cliPath: cli.path,
    ...(options.operator !== undefined ? { operator: options.operator } : {}),
    ...(options.probeTimeoutMs !== undefined ? { probeTimeoutMs: options.probeTimeoutMs } : {}),
    info: configInfo(info),
  };
  return { detection, info, config };
}

/** What the report's environment (Allure "Metadata") shows about an installed run. */
export function installedEnvironment(run: DetectedRun): Record<string, string> {
  const d = run.detection;
  const env: Record<string, string> = {
    "CLI path": d.cli.path,
    "CLI found by": describeSource(d.cli),
    "version from": d.version.from,
  };
  if (d.version.text === null) env["version note"] = `version unknown — judged as the newest documented build, ${CURRENT_BUILD_VERSION}; every clause ran`;
  else if (d.version.version === null) env["version note"] = `version unknown ('${d.version.text}' is not a four-part version) — judged as the newest documented build, ${CURRENT_BUILD_VERSION}; every clause ran`;
  env["bridge methods"] = d.bridge ? `${d.bridge.methods.filter((m) => m.kind === "method" && m.present).length} of ${d.bridge.methods.filter((m) => m.kind === "method").length} present` : `not asked: ${d.bridgeError ?? "?"}`;
  env["detection disagreements"] = d.disagreements.length ? d.disagreements.join(" | ") : "none";
  env.operator = run.config.operator ?? "none (clauses that need one are skipped)";
  for (const [i, w] of (run.info.warnings ?? []).entries()) env[`warning ${i + 1}`] = w;
  return env;
}
