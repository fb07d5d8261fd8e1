// An unknown or non-numeric Ego Lite version is judged as the newest documented build: every clause
// of the newest contract runs, and the run says "version unknown".
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import { CURRENT_BUILD_VERSION, currentBuildFeatures } from "../../src/contract/build-features.js";
import { tryParseEgoVersion } from "../../src/version/index.js";
import { notApplicable } from "../../src/harness/applicability.js";
import type { TargetInfo } from "../../src/targets/target.js";
import { summarize } from "../../src/report/summary.js";
import { renderTerminal } from "../../src/report/terminal.js";
import { clause, result } from "../report/helpers.js";

const installed = (egoVersionText: string | null): TargetInfo => ({
  kind: "installed",
  name: "/usr/local/bin/ego-browser",
  egoVersion: null,
  egoVersionText,
  versionSource: egoVersionText === null ? "unknown" : "getBrowserVersion",
  features: new Set(FEATURE_NAMES),
  capabilities: new Set(["operator", "pages", "launcher"]),
});

describe("an unknown or non-numeric version", () => {
  // judged as the newest documented build: every clause of the newest contract runs
  const newest = (egoVersionText: string | null): TargetInfo => ({ ...installed(egoVersionText), features: currentBuildFeatures() });

  it.each([null, "ego-windows-host"])("runs every clause the newest documented build has (version %s)", (text) => {
    const runs = CATALOGUE.filter((c) => notApplicable(c, newest(text)) === undefined).map((c) => c.id);
    const newestBuild = { ...newest(text), egoVersion: tryParseEgoVersion(CURRENT_BUILD_VERSION), egoVersionText: CURRENT_BUILD_VERSION };
    expect(runs).toEqual(CATALOGUE.filter((c) => notApplicable(c, newestBuild) === undefined).map((c) => c.id));
    expect(runs.length).toBeGreaterThan(CATALOGUE.length - 20);
  });

  it("says why in the reason of what the newest build does not have", () => {
    const gated = CATALOGUE.find((c) => c.features.includes("dialog-fallback-key"));
    if (gated) expect(notApplicable(gated, newest(null))?.reason).toMatch(/newest documented build, .* \(this build's version is unknown\)/);
    const profiles = CATALOGUE.find((c) => c.features.includes("profiles"))!;
    expect(notApplicable(profiles, newest(null))).toBeUndefined();
  });

  it("does not gate when --ungated asks for every clause", () => {
    expect(CATALOGUE.every((c) => c.needs.length > 0 || notApplicable(c, installed(null), { ungated: true }) === undefined)).toBe(true);
  });
});

describe("the summary says so at the top", () => {
  it.each([
    ["unknown", /Ego Lite version: version unknown — judged as the newest documented build, \d+\.\d+\.\d+\.\d+; every clause ran/],
    ["ego-windows-host", /Ego Lite version: version unknown \('ego-windows-host', not a four-part version\) — judged as the newest documented build/],
    ["0.5.0.19", /Ego Lite version: 0\.5\.0\.19\n/],
  ])("for version %s", (egoVersion, line) => {
    const summary = summarize([result({ clause: "tabs.a", status: "passed", target: "installed", egoVersion })], [clause("tabs.a")]);
    expect(renderTerminal(summary)).toMatch(line);
  });
});
