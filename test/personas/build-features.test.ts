// The build-feature table: loads and validates, answers every feature for any version from its
// mappings (or the current build, 'assumed'), never contradicts itself, and confronts detection.
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BUILD_FEATURES,
  BUILD_FEATURES_FILE,
  CURRENT_BUILD_VERSION,
  VERSION_MAPPINGS,
  NEWEST_BUILD,
  currentBuildFeatures,
  featuresForVersion,
  loadBuildFeatures,
} from "../../src/contract/build-features.js";
import { contradictions, featuresForInstalledBuild } from "../../src/contract/build-detection.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { satisfiesEgoRange } from "../../src/version/index.js";
import { anyVersion } from "../version/arbitraries.js";

const raw = () => JSON.parse(readFileSync(BUILD_FEATURES_FILE, "utf8"));

describe("the build-feature table", () => {
  it("has a history for every feature and the fake's default build is the table's newest build", () => {
    expect(Object.keys(BUILD_FEATURES.features).sort()).toEqual([...FEATURE_NAMES].sort());
    expect(NEWEST_BUILD.version).toBe(CURRENT_BUILD_VERSION);
    expect([...NEWEST_BUILD.features].sort()).toEqual([...currentBuildFeatures()].sort());
    const fake = createFakeBrowser();
    expect(fake.app.version).toBe(CURRENT_BUILD_VERSION);
    expect([...fake.app.behaviour.features].sort()).toEqual([...currentBuildFeatures()].sort());
    expect([...featuresForVersion(CURRENT_BUILD_VERSION).features].sort()).toEqual([...currentBuildFeatures()].sort());
  });

  it("gates by version only where a source names a build (VERSIONS.md)", () => {
    const at = (v: string) => featuresForVersion(v).features;
    expect(at("0.4.4.0").has("browser-version")).toBe(false);
    expect(at("0.4.4.2").has("browser-version")).toBe(true);
    expect(at("0.5.0.19").has("snapshot-subtree")).toBe(false);
    expect(at("0.5.0.28").has("cdp-browser-getversion")).toBe(false);
    // profiles arrived on a date with no build number: not gated by version, confidence 'assumed'
    const profiles = featuresForVersion("0.4.4.0").verdicts.find((v) => v.feature === "profiles")!;
    expect(profiles).toMatchObject({ present: true, basis: "assumed", confidence: "assumed" });
    const subtree = featuresForVersion("0.5.0.19").verdicts.find((v) => v.feature === "snapshot-subtree")!;
    expect(subtree).toMatchObject({ basis: "version", confidence: "documented", mapping: "subtree-behind-flag-on-0.5.0.19" });
  });

  it("answers every feature exactly once, in agreement with every mapping whose range holds (property)", () => {
    fc.assert(
      fc.property(anyVersion, (v) => {
        const { verdicts, features } = featuresForVersion(v);
        expect(verdicts.map((x) => x.feature)).toEqual(FEATURE_NAMES);
        for (const m of VERSION_MAPPINGS.filter((x) => satisfiesEgoRange(v, x.range))) {
          for (const f of m.present) expect(features.has(f)).toBe(true);
          for (const f of m.absent) expect(features.has(f)).toBe(false);
        }
        for (const x of verdicts) if (x.basis === "assumed") expect(x.present).toBe(BUILD_FEATURES.features[x.feature]!.current);
      }),
    );
  });

  it("refuses a table whose overlapping mappings disagree, or that names an unknown feature", () => {
    const conflicting = raw();
    conflicting.mappings.push({ id: "says-the-opposite", versions: ">=0.4.0.0 <0.4.4.3", present: ["browser-version"], absent: [], confidence: "anecdotal", source: "a test of the loader" });
    expect(() => loadBuildFeatures(conflicting, "test")).toThrow(/'no-browser-version-before-0.4.4.2' and 'says-the-opposite' overlap and disagree on 'browser-version'/);
    const unknown = raw();
    unknown.mappings[0].present = ["teleportation"];
    expect(() => loadBuildFeatures(unknown, "test")).toThrow(/invalid build-feature table/);
    const badRange = raw();
    badRange.mappings[0].versions = ">=0.5";
    expect(() => loadBuildFeatures(badRange, "test")).toThrow(/non-empty Ego Lite range/);
  });
});

describe("detection against the table", () => {
  const allMethods = ["getBrowserVersion", "listProfiles", "claimTaskSpace", "useTaskSpace", "listTaskSpaces"];

  it("reports a method the table says a version cannot have, and one it must have", () => {
    expect(contradictions("0.4.4.0", allMethods)).toEqual([
      expect.objectContaining({ feature: "browser-version", method: "getBrowserVersion", table: "absent", detected: "present", confidence: "inferred" }),
    ]);
    const missing = contradictions("0.5.1.13", allMethods.filter((m) => m !== "getBrowserVersion" && m !== "listProfiles"));
    expect(missing.map((c) => [c.feature, c.table, c.detected])).toEqual([
      ["browser-version", "present", "absent"],
      ["profiles", "present", "absent"],
    ]);
    expect(missing[0]!.message).toMatch(/0\.5\.1\.13.*browser-version.*getBrowserVersion is not a function/);
  });

  it("is silent where the table only assumes (no build number known)", () => {
    // profiles on 0.4.4.0: no mapping covers it, so a missing listProfiles contradicts nothing
    expect(contradictions("0.4.4.0", ["claimTaskSpace"]).map((c) => c.feature)).toEqual([]);
  });

  it("judges an installed build by its version, never by what it lacks; the contradictions come alongside", () => {
    // a missing listProfiles on 0.5.1.13 fails the profile clauses as a missing method: not skipped
    const { features, contradictions: found } = featuresForInstalledBuild("0.5.1.13", ["claimTaskSpace", "getBrowserVersion"]);
    expect(features.has("profiles")).toBe(true);
    expect(features.has("browser-version")).toBe(true);
    expect(found.map((c) => c.feature)).toEqual(["profiles"]);
    // an unknown version is judged as the newest documented build, whatever the build exposes
    const unknownVersion = featuresForInstalledBuild(null, ["listProfiles", "claimTaskSpace"]);
    expect(unknownVersion.features).toEqual(currentBuildFeatures());
    expect(unknownVersion.contradictions).toEqual([]);
  });
});
