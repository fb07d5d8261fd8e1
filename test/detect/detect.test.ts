// Detection over a target (here the in-process fake, standing in for the CLI): the version by
// precedence (getBrowserVersion, Info.plist XML or binary, --ego-version, unknown), the bridge
// surface by typeof, the features, and every disagreement with what the version should have.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_NAMES, type Feature } from "../../src/contract/features.js";
import { chooseVersion, detectInstalled, versionDisagreements } from "../../src/targets/detect/detect.js";
import { detectionJson, renderDetection } from "../../src/targets/detect/detect-report.js";
import { decodeInstalledConfig, encodeInstalledConfig, configInfo, infoFromConfig, installedTargetInfo } from "../../src/targets/detect/detected-target.js";
import { createFakeTarget } from "../../src/targets/fake/fake-target.js";
import type { LocatedCli } from "../../src/targets/detect/locate-cli.js";
import type { Target } from "../../src/targets/target.js";
import { infoPlist, writeBinaryPlist, writeXmlPlist } from "./support/plist-writer.js";
import { tempDir } from "../support/temp-dir.js";

const CURRENT: Feature[] = FEATURE_NAMES.filter((f) => f !== "dialog-fallback-key");
const fake = (version: string, without: Feature[] = []) => createFakeTarget({ version, features: new Set(CURRENT.filter((f) => !without.includes(f))) });
const cli = (bundle?: string): LocatedCli => ({ path: "/opt/ego/ego-browser", source: "flag", ...(bundle ? { bundle } : {}), searched: [] });

async function bundleWith(plist: Uint8Array | string): Promise<string> {
  const app = join(await tempDir("detect"), "ego lite.app");
  await mkdir(join(app, "Contents"), { recursive: true });
  await writeFile(join(app, "Contents/Info.plist"), plist);
  return app;
}

describe("detectInstalled: the version", () => {
  it("takes getBrowserVersion first, and reports every method present", async () => {
    const d = await detectInstalled({ cli: cli(), target: fake("0.5.1.13") });
    expect(d.version).toMatchObject({ text: "0.5.1.13", source: "getBrowserVersion" });
    expect(d.version.version?.text).toBe("0.5.1.13");
    expect(d.bridge?.methods.filter((m) => m.kind === "method" && !m.present)).toEqual([]);
    expect(d.bridge?.egoType).toBe("object");
    expect(d.disagreements).toEqual([]);
    expect(new Set(d.features)).toEqual(new Set(CURRENT));
  });

  it("falls back to an XML Info.plist when the build has no getBrowserVersion", async () => {
    const app = await bundleWith(writeXmlPlist(infoPlist("0.4.3.0")));
    const d = await detectInstalled({ cli: cli(app), target: fake("0.4.3.0", ["browser-version", "profiles"]) });
    expect(d.version).toMatchObject({ text: "0.4.3.0", source: "Info.plist", from: `${join(app, "Contents/Info.plist")} (xml)` });
    expect(d.version.evidence[0]).toMatchObject({ source: "getBrowserVersion", text: null, detail: /not a function/ });
    expect(d.features).not.toContain("browser-version");
    expect(d.features).not.toContain("profiles");
    expect(d.disagreements).toEqual([]);
  });

  it("reads a binary Info.plist the same way", async () => {
    const app = await bundleWith(writeBinaryPlist(infoPlist("0.4.3.0")));
    const d = await detectInstalled({ cli: cli(app), target: fake("0.4.3.0", ["browser-version"]) });
    expect(d.version).toMatchObject({ text: "0.4.3.0", source: "Info.plist", from: expect.stringMatching(/\(binary\)$/) });
  });

  it("uses --ego-version only when neither the bridge nor a bundle tells", async () => {
    const d = await detectInstalled({ cli: cli(), target: fake("0.4.3.0", ["browser-version"]), egoVersionFlag: "0.4.3.0" });
    expect(d.version).toMatchObject({ text: "0.4.3.0", source: "--ego-version" });
    const told = await detectInstalled({ cli: cli(), target: fake("0.5.1.13"), egoVersionFlag: "0.4.0.0" });
    expect(told.version.source).toBe("getBrowserVersion");
    expect(told.disagreements).toEqual(['--ego-version says "0.4.0.0", but the version used is "0.5.1.13" from getBrowserVersion']);
  });

  it("says unknown when nothing tells", async () => {
    const d = await detectInstalled({ cli: cli(), target: fake("0.4.3.0", ["browser-version"]) });
    expect(d.version).toMatchObject({ text: null, version: null, source: "unknown" });
    expect(renderDetection(d)).toMatch(/version: {2}version unknown — a run judges it as the newest documented build/);
    expect(installedTargetInfo(d)).toMatchObject({ kind: "installed", name: "/opt/ego/ego-browser", egoVersion: null, egoVersionText: null, versionSource: "unknown" });
  });

  it("keeps a non-numeric version as text, with no numeric version", async () => {
    const d = await detectInstalled({ cli: cli(), target: fake("ego-windows-host") });
    expect(d.version).toMatchObject({ text: "ego-windows-host", version: null, source: "getBrowserVersion" });
    expect(renderDetection(d)).toMatch(/version unknown \(ego-windows-host is not a four-part version\)/);
  });
});

describe("detectInstalled: disagreements with the version", () => {
  it("reports a method the version's table mapping says the build has, but it lacks", async () => {
    const app = await bundleWith(writeXmlPlist(infoPlist("0.5.0.19")));
    const d = await detectInstalled({ cli: cli(app), target: fake("0.5.0.19", ["browser-version", "profiles"]) });
    expect(d.contradictions.map((c) => [c.feature, c.table, c.detected])).toEqual([["browser-version", "present", "absent"], ["profiles", "present", "absent"]]);
    expect(d.disagreements).toHaveLength(2);
    expect(d.disagreements[0]).toMatch(/'browser-version' is present .* but getBrowserVersion is not a function/);
    expect(d.bridge?.methods.find((m) => m.name === "listProfiles")).toMatchObject({ present: false, expected: "present", disagrees: true });
    expect(renderDetection(d)).toMatch(/listProfiles\s+undefined\s+present\s+version mapping newest-doc-by-0\.5\.0\.19\s+<- disagrees/);
  });

  it("reports a version source that disagrees with the one used", () => {
    const bridge = { status: "available", currentVersion: "0.5.0.19", updateAvailable: false, version: null } as const;
    const v = chooseVersion(bridge, { status: "available", version: "0.5.0.5", plistPath: "/A/Info.plist", format: "xml" }, "v0.5.0.19");
    expect(v).toMatchObject({ text: "0.5.0.19", source: "getBrowserVersion" });
    // the flag's "v0.5.0.19" is the same version; the plist's is not
    expect(versionDisagreements(v)).toEqual(['Info.plist says "0.5.0.5", but the version used is "0.5.0.19" from getBrowserVersion']);
    expect(versionDisagreements(chooseVersion(bridge, { status: "available", version: "0.5.0.19", plistPath: "/A/Info.plist", format: "binary" }, undefined))).toEqual([]);
  });

  it("says so when the bridge cannot be asked at all", async () => {
    const broken: Target = { ...fake("0.5.1.13"), openSession: async () => { throw new Error("ego-browser exited with code 127"); } };
    const d = await detectInstalled({ cli: cli(), target: broken, egoVersionFlag: "0.5.0.19" });
    expect(d).toMatchObject({ bridge: null, bridgeError: "ego-browser exited with code 127", features: [] });
    expect(d.version).toMatchObject({ text: "0.5.0.19", source: "--ego-version" });
    expect(renderDetection(d)).toMatch(/Bridge: {3}could not be asked: ego-browser exited with code 127/);
  });
});

describe("the detected TargetInfo crosses to the workers", () => {
  it("round-trips through the run config, with the operator capability only when asked (the launcher always)", async () => {
    const d = await detectInstalled({ cli: cli(), target: fake("0.5.1.13") });
    const info = installedTargetInfo(d, { operator: true });
    const config = decodeInstalledConfig(encodeInstalledConfig({ cliPath: d.cli.path, probeTimeoutMs: 5000, info: configInfo(info) }));
    expect(infoFromConfig(config)).toEqual(info);
    expect([...info.capabilities].sort()).toEqual(["launcher", "operator"]);
    expect([...installedTargetInfo(d).capabilities]).toEqual(["launcher"]);
    expect(() => decodeInstalledConfig('{"cliPath":""}')).toThrow(/invalid/);
    expect(detectionJson(d)).toMatchObject({ cli: { path: "/opt/ego/ego-browser", source: "flag" }, version: { text: "0.5.1.13", numeric: true, source: "getBrowserVersion" } });
  });
});
