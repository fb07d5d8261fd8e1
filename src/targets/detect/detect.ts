/**
 * Detection of an installed Ego Lite: which CLI, which version, which bridge methods, and where that
 * disagrees with what the version should have ("a contradiction is itself a finding worth
 * reporting"). The order of the version's sources: docs/installed-targets.md.
 */
import type { Json } from "../../contract/arguments.js";
import { featuresForInstalledBuild, type Contradiction } from "../../contract/build-detection.js";
import { featuresForVersion, type FeatureVerdict } from "../../contract/build-features.js";
import type { Feature } from "../../contract/features.js";
import { CALLBACK_PROPERTIES, METHOD_NAMES, METHODS, type MethodName } from "../../contract/methods.js";
import { tryParseEgoVersion, type EgoVersion } from "../../version/index.js";
import { readBrowserVersion, type BrowserVersionReading } from "../browser-version.js";
import type { LocatedCli } from "./locate-cli.js";
import { readBundleShortVersion, type BundleVersionReading } from "./plist.js";
import type { Target } from "../target.js";

export type VersionSource = "getBrowserVersion" | "Info.plist" | "--ego-version" | "unknown";

export interface DetectedVersion {
  /** the version text as the source gave it; null when unknown */
  text: string | null;
  /** the four-part version; null when unknown or non-numeric */
  version: EgoVersion | null;
  source: VersionSource;
  /** where the text came from, in words: "getBrowserVersion()", "<plist path>", "--ego-version" */
  from: string;
  /** what each source said, in order of precedence (including the ones not used) */
  evidence: { source: Exclude<VersionSource, "unknown">; text: string | null; detail: string }[];
}

export interface MethodRow {
  name: string;
  kind: "method" | "callback";
  /** `typeof ego[name]` */
  type: string;
  present: boolean;
  /** what the version says: present, absent, or unknown (version unknown) */
  expected: "present" | "absent" | "unknown";
  /** why that is expected: "every documented build", "version mapping ...", "assumed: ..." */
  basis: string;
  /** observed differs from an expectation that rests on the contract or a version mapping */
  disagrees: boolean;
}

export interface BridgeSurface {
  /** `typeof globalThis.ego` inside the script */
  egoType: string;
  methods: MethodRow[];
  /** own enumerable properties of the object that the contract does not name (SDK helpers, extensions) */
  extra: string[];
  /** marked by the bundled SDK's wrapper (Symbol.for("egoBrowser.sdkWrapped")) */
  sdkWrapped: boolean;
}

export interface Detection {
  cli: LocatedCli;
  version: DetectedVersion;
  /** null when the bridge could not be asked (the reason is in bridgeError) */
  bridge: BridgeSurface | null;
  bridgeError?: string;
  /** the features the run is gated by */
  features: Feature[];
  /** feature-level contradictions between the build-feature table and detection */
  contradictions: Contradiction[];
  /** every disagreement, one sentence each (contradictions, missing methods, versions that differ) */
  disagreements: string[];
}

export interface DetectOptions {
  cli: LocatedCli;
  /** a target on the CLI (one `ego-browser nodejs` invocation per session) */
  target: Target;
  /** `--ego-version`: the fallback when neither the bridge nor the bundle tells */
  egoVersionFlag?: string;
  /** bound on getBrowserVersion (default: the reader's 2000 ms) */
  versionTimeoutMs?: number;
}

interface SurfaceProbe {
  egoType: string;
  types: Record<string, string>;
  /** `name in ego` */
  has: Record<string, boolean>;
  extra: string[];
  sdkWrapped: boolean;
}

/** Runs inside the target: typeof of every named property, and the names nobody documented. */
const observeSurface = async (p: { ego: unknown }, names: Json, known: Json) => {
  const ego = p.ego as Record<string | symbol, unknown> | undefined;
  const egoType = typeof ego;
  const types: Record<string, string> = {};
  const has: Record<string, boolean> = {};
  const isObject = (typeof ego === "object" || typeof ego === "function") && ego !== null;
  for (const name of names as string[]) {
    types[name] = isObject ? typeof ego[name] : "undefined";
    has[name] = isObject && name in ego;
  }
  const extra = ego !== undefined && ego !== null && typeof ego === "object" ? Object.keys(ego).filter((k) => !(known as string[]).includes(k)).sort() : [];
  const sdkWrapped = ego !== undefined && ego !== null && Boolean(ego[Symbol.for("egoBrowser.sdkWrapped")]);
  return { egoType, types, has, extra, sdkWrapped };
};

export async function detectInstalled(options: DetectOptions): Promise<Detection> {
  const names = [...METHOD_NAMES, ...CALLBACK_PROPERTIES];
  let surface: SurfaceProbe | null = null;
  let bridgeError: string | undefined;
  let reading: BrowserVersionReading = { status: "unavailable", reason: "the bridge was not asked" };
  try {
    const session = await options.target.openSession();
    try {
      surface = (await session.evaluate(observeSurface, names, names)) as SurfaceProbe;
      reading = await readBrowserVersion(session, options.versionTimeoutMs);
    } finally {
      await session.close().catch(() => undefined);
    }
  } catch (error) {
    bridgeError = error instanceof Error ? error.message : String(error);
    reading = { status: "unavailable", reason: `could not ask the bridge: ${bridgeError}` };
  }
  const plist = options.cli.bundle ? await readBundleShortVersion(options.cli.bundle) : undefined;
  const version = chooseVersion(reading, plist, options.egoVersionFlag);

  const present = surface ? METHOD_NAMES.filter((m) => surface!.types[m] === "function") : [];
  const { features, contradictions } = surface
    ? featuresForInstalledBuild(version.version, present)
    : { features: new Set<Feature>(), contradictions: [] as Contradiction[] };
  const bridge = surface ? bridgeSurface(surface, version.version) : null;

  const disagreements = [
    ...contradictions.map((c) => c.message),
    ...(bridge?.methods ?? []).filter((m) => m.disagrees && !contradictions.some((c) => c.method === m.name)).map(
      (m) => `${m.name} is ${m.present ? "a function" : `not a function (typeof ${m.type})`}, but ${m.basis === "every documented build" ? "every documented build has it" : `the version says it is ${m.expected} (${m.basis})`}`,
    ),
    ...versionDisagreements(version),
  ];
  if (surface && surface.egoType !== "object") disagreements.unshift(`globalThis.ego is ${surface.egoType}, not an object: the launcher did not inject the bridge`);

  return {
    cli: options.cli,
    version,
    bridge,
    ...(bridgeError !== undefined ? { bridgeError } : {}),
    features: [...features],
    contradictions,
    disagreements,
  };
}

/** The precedence of version sources, with what each one said. Pure. */
export function chooseVersion(reading: BrowserVersionReading, plist: BundleVersionReading | undefined, flag: string | undefined): DetectedVersion {
  const evidence: DetectedVersion["evidence"] = [
    reading.status === "available"
      ? { source: "getBrowserVersion", text: reading.currentVersion, detail: "getBrowserVersion()" }
      : { source: "getBrowserVersion", text: null, detail: reading.reason },
    plist === undefined
      ? { source: "Info.plist", text: null, detail: "the CLI is not inside an app bundle" }
      : plist.status === "available"
        ? { source: "Info.plist", text: plist.version, detail: `${plist.plistPath} (${plist.format})` }
        : { source: "Info.plist", text: null, detail: plist.reason },
    flag === undefined ? { source: "--ego-version", text: null, detail: "not given" } : { source: "--ego-version", text: flag, detail: "--ego-version" },
  ];
  const chosen = evidence.find((e) => e.text !== null);
  if (!chosen) return { text: null, version: null, source: "unknown", from: "no source told", evidence };
  return { text: chosen.text, version: tryParseEgoVersion(chosen.text!), source: chosen.source, from: chosen.detail, evidence };
}

/** Sources that told a different version than the one used. Pure. */
export function versionDisagreements(version: DetectedVersion): string[] {
  const told = version.evidence.filter((e) => e.text !== null);
  const out: string[] = [];
  for (const e of told) {
    if (e.source === version.source || e.text === version.text) continue;
    const a = tryParseEgoVersion(e.text!);
    const b = version.version;
    if (a && b && a.text === b.text) continue;
    out.push(`${e.source} says ${JSON.stringify(e.text)}, but the version used is ${JSON.stringify(version.text)} from ${version.source}`);
  }
  return out;
}

/** One row per documented method and callback property, with what the version leads one to expect. */
function bridgeSurface(surface: SurfaceProbe, version: EgoVersion | null): BridgeSurface {
  const verdicts = version ? featuresForVersion(version).verdicts : null;
  const methods: MethodRow[] = METHOD_NAMES.map((name) => {
    const type = surface.types[name] ?? "undefined";
    const present = type === "function";
    const { expected, basis, firm } = expectMethod(name, verdicts);
    return { name, kind: "method", type, present, expected, basis, disagrees: firm && expected !== (present ? "present" : "absent") };
  });
  for (const name of CALLBACK_PROPERTIES) {
    const type = surface.types[name] ?? "undefined";
    // an unset callback slot may read as undefined, null (object) or a function: all are "there"
    methods.push({ name, kind: "callback", type, present: surface.has[name] === true, expected: "unknown", basis: "a callback slot; the docs do not say what an unset one reads as", disagrees: false });
  }
  return { egoType: surface.egoType, methods, extra: surface.extra, sdkWrapped: surface.sdkWrapped };
}

function expectMethod(name: MethodName, verdicts: FeatureVerdict[] | null): { expected: MethodRow["expected"]; basis: string; firm: boolean } {
  const needs = METHODS[name].features;
  if (needs.length === 0) return { expected: "present", basis: "every documented build", firm: true };
  if (verdicts === null) return { expected: "unknown", basis: `needs ${needs.join(", ")}; the version is unknown`, firm: false };
  const vs = needs.map((f) => verdicts.find((v) => v.feature === f)!);
  const expected = vs.every((v) => v.present) ? "present" : "absent";
  const decisive = expected === "present" ? vs : vs.filter((v) => !v.present);
  const firm = decisive.every((v) => v.basis === "version");
  const basis = firm
    ? `version mapping ${[...new Set(decisive.map((v) => v.mapping))].join(", ")}`
    : `assumed: no build number is known for ${decisive.filter((v) => v.basis !== "version").map((v) => v.feature).join(", ")}`;
  return { expected, basis, firm };
}
