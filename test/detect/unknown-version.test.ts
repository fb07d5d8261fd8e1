// An unknown or non-numeric Ego Lite version runs only the version-independent clauses: those
// with no build features and no version range, whatever features detection found.
import { describe, expect, it } from "vitest";
import { CATALOGUE } from "../../src/contract/index.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import { notApplicable } from "../../src/harness/applicability.js";
import type { TargetInfo } from "../../src/target/target.js";
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
  capabilities: new Set(["operator"]),
});

describe("an unknown or non-numeric version", () => {
  it.each([null, "ego-windows-host"])("runs exactly the clauses without features or versions (version %s)", (text) => {
    const runs = CATALOGUE.filter((c) => notApplicable(c, installed(text)) === undefined).map((c) => c.id);
    expect(runs).toEqual(CATALOGUE.filter((c) => c.features.length === 0 && c.versions === undefined).map((c) => c.id));
    expect(runs.length).toBeGreaterThan(20);
  });

  it("says why in the reason", () => {
    const gated = CATALOGUE.find((c) => c.features.includes("profiles"))!;
    expect(notApplicable(gated, installed(null))).toMatchObject({ key: "version", reason: expect.stringMatching(/version is unknown, so only version-independent clauses run/) });
    expect(notApplicable(gated, installed("ego-windows-host"))?.reason).toMatch(/'ego-windows-host', not a four-part version/);
  });

  it("does not gate when --ungated asks for every clause", () => {
    expect(CATALOGUE.every((c) => c.needs.length > 0 || notApplicable(c, installed(null), { ungated: true }) === undefined)).toBe(true);
  });
});

describe("the summary says so at the top", () => {
  it.each([
    ["unknown", /Ego Lite version: unknown — only version-independent clauses ran/],
    ["ego-windows-host", /Ego Lite version: ego-windows-host \(not a four-part version\) — only version-independent clauses ran/],
    ["0.5.0.19", /Ego Lite version: 0\.5\.0\.19\n/],
  ])("for version %s", (egoVersion, line) => {
    const summary = summarize([result({ clause: "tabs.a", status: "passed", target: "installed", egoVersion })], [clause("tabs.a")]);
    expect(renderTerminal(summary)).toMatch(line);
  });
});
