/**
 * What an installed run carries from detection, made once in the CLI process, to the vitest workers:
 * one JSON environment variable, validated on arrival, so the workers never detect again.
 */
import { z } from "zod";
import { CapabilityName, FeatureName, type Capability } from "../../contract/features.js";
import { parseJson } from "../../files/input-file.js";
import { tryParseEgoVersion } from "../../version/index.js";
import { createCliTarget, type CliTarget } from "../cli/cli-target.js";
import type { Detection } from "./detect.js";
import { createOperatorClient } from "../fake/fake-app.js";
import type { TargetInfo } from "../target.js";

export const InstalledTargetConfig = z
  .object({
    cliPath: z.string().min(1),
    /** a module for `ego-browser nodejs --sdk-path` (the raw-bridge module), when one is used */
    sdkPath: z.string().min(1).optional(),
    /** the operator endpoint (`--operator`), e.g. the fake server's */
    operator: z.string().min(1).optional(),
    probeTimeoutMs: z.number().int().positive().optional(),
    info: z
      .object({
        name: z.string(),
        egoVersionText: z.string().nullable(),
        versionSource: z.string(),
        features: z.array(FeatureName),
        capabilities: z.array(CapabilityName),
        warnings: z.array(z.string()).optional(),
      })
      .strict(),
  })
  .strict();
export type InstalledTargetConfig = z.infer<typeof InstalledTargetConfig>;

/** How the detected version is named in reports: "getBrowserVersion", "Info.plist (<path>)", ... */
export function versionSourceText(detection: Pick<Detection, "version">): string {
  const v = detection.version;
  if (v.source === "Info.plist") return `Info.plist (${v.from})`;
  return v.source;
}

export function installedTargetInfo(detection: Detection, options: { operator?: boolean; pages?: readonly Capability[] } = {}): TargetInfo {
  // every installed target is reached through its launcher
  const capabilities = new Set<Capability>(["launcher", ...(options.operator ? (["operator"] as const) : []), ...(options.pages ?? [])]);
  return {
    kind: "installed",
    name: detection.cli.path,
    egoVersion: detection.version.version,
    egoVersionText: detection.version.text,
    versionSource: versionSourceText(detection),
    features: new Set(detection.features),
    capabilities,
  };
}

export function configInfo(info: TargetInfo): InstalledTargetConfig["info"] {
  return {
    name: info.name,
    egoVersionText: info.egoVersionText,
    versionSource: info.versionSource,
    features: [...info.features],
    capabilities: [...info.capabilities],
    ...(info.warnings?.length ? { warnings: [...info.warnings] } : {}),
  };
}

/** The TargetInfo a worker rebuilds from the config. */
export function infoFromConfig(config: InstalledTargetConfig): TargetInfo {
  return {
    kind: "installed",
    name: config.info.name,
    egoVersion: config.info.egoVersionText === null ? null : tryParseEgoVersion(config.info.egoVersionText),
    egoVersionText: config.info.egoVersionText,
    versionSource: config.info.versionSource,
    features: new Set(config.info.features),
    capabilities: new Set(config.info.capabilities),
    ...(config.info.warnings?.length ? { warnings: [...config.info.warnings] } : {}),
  };
}

/** The CLI target a worker (or the CLI process) uses for an installed run: no detection again. */
export function openInstalledTarget(config: InstalledTargetConfig): CliTarget {
  return createCliTarget({
    cliPath: config.cliPath,
    ...(config.sdkPath !== undefined ? { sdkPath: config.sdkPath } : {}),
    info: infoFromConfig(config),
    ...(config.operator !== undefined ? { operator: createOperatorClient(config.operator) } : {}),
    // --probe-timeout bounds starting a process as well as one probe: a hung launcher ends in time
    ...(config.probeTimeoutMs !== undefined ? { probeTimeoutMs: config.probeTimeoutMs, processTimeoutMs: config.probeTimeoutMs } : {}),
  });
}

export function encodeInstalledConfig(config: InstalledTargetConfig): string {
  return JSON.stringify(InstalledTargetConfig.parse(config));
}

export function decodeInstalledConfig(text: string): InstalledTargetConfig {
  const raw = parseJson(text, "the installed target's configuration");
  const parsed = InstalledTargetConfig.safeParse(raw);
  if (!parsed.success) throw new Error(`the installed target's configuration is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
