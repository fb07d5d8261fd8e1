// A clause applies when the target has its features, its capabilities and its version.
import { describe, expect, it } from "vitest";
import { ClauseSchema, type Clause } from "../../src/contract/clause.js";
import type { Feature } from "../../src/contract/features.js";
import { notApplicable } from "../../src/harness/applicability.js";
import type { TargetInfo } from "../../src/targets/target.js";
import { parseEgoVersion } from "../../src/version/index.js";

const clause = (extra: Partial<Clause>): Clause =>
  ClauseSchema.parse({ id: "profiles.test.clause", title: "a clause for the test", area: "profiles", methods: ["listProfiles"], doc: { section: "Profiles", anchor: "profiles" }, severity: "normal", ...extra });

const target = (extra: Partial<TargetInfo>): TargetInfo => ({
  kind: "fake",
  name: "fake",
  egoVersion: parseEgoVersion("0.5.0.19"),
  egoVersionText: "0.5.0.19",
  versionSource: "test",
  features: new Set<Feature>(["profiles"]),
  capabilities: new Set(),
  ...extra,
});

describe("notApplicable", () => {
  it("applies a clause with nothing to ask", () => {
    expect(notApplicable(clause({}), target({}))).toBeUndefined();
  });
  it("names a missing feature", () => {
    expect(notApplicable(clause({ features: ["browser-version"] }), target({}))).toMatchObject({ key: "feature:browser-version" });
  });
  it("names a missing capability", () => {
    expect(notApplicable(clause({ needs: ["operator"] }), target({}))?.reason).toMatch(/needs operator/);
  });
  it("gates on the version range, and on an unknown version", () => {
    expect(notApplicable(clause({ versions: ">=0.5.0.19" }), target({}))).toBeUndefined();
    expect(notApplicable(clause({ versions: ">=0.5.0.20" }), target({}))).toMatchObject({ key: "version" });
    // an unknown version is judged as the newest documented build: its ranges are checked against it
    expect(notApplicable(clause({ versions: ">=0.5.0.0" }), target({ egoVersion: null, egoVersionText: "ego-windows-host" }))).toBeUndefined();
    expect(notApplicable(clause({ versions: "<0.5.0.0" }), target({ egoVersion: null, egoVersionText: "ego-windows-host" }))?.reason).toMatch(/newest documented build, .*version is unknown/);
  });
});

describe("--no-slow", () => {
  it("makes a clause tagged slow not applicable, with the reason, and leaves the others alone", () => {
    const slow = clause({ tags: ["slow"] });
    expect(notApplicable(slow, target({}), { noSlow: true })).toEqual({ key: "slow", reason: "tagged slow, and this run was started with --no-slow" });
    expect(notApplicable(slow, target({}))).toBeUndefined();
    expect(notApplicable(clause({ tags: ["serial"] }), target({}), { noSlow: true })).toBeUndefined();
  });
});
