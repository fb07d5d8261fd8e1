// Which entry governs a clause: patterns, conditions, last match wins, expired entries lapse.
import { describe, expect, it } from "vitest";
import { conditionsHold, entryFor, matchesClause, type RunFacts } from "../../src/expectations/index.js";
import { entry, indexed } from "./helpers.js";

const run: RunFacts = { target: "fake", egoVersion: "0.5.0.19", persona: "subtree-flag-off", platform: "linux" };

describe("clause patterns", () => {
  it("match an id exactly, or a glob where * is any text and ? one character", () => {
    expect(matchesClause("tabs.list.shape", "tabs.list.shape")).toBe(true);
    expect(matchesClause("tabs.list.shape", "tabs.list.shapes")).toBe(false);
    expect(matchesClause("tabs.*", "tabs.list.shape")).toBe(true);
    expect(matchesClause("*.shape", "tabs.list.shape")).toBe(true);
    expect(matchesClause("tabs.list.shap?", "tabs.list.shape")).toBe(true);
    expect(matchesClause("tabs.l*", "tabsXlist")).toBe(false); // the dot is literal
  });
});

describe("conditions", () => {
  it("hold when every one holds; a version range never holds for an unknown version", () => {
    expect(conditionsHold(undefined, run)).toBe(true);
    expect(conditionsHold({ target: "fake", platform: "linux", persona: "subtree-flag-off", egoVersion: ">=0.5.0.19 <0.5.1.0" }, run)).toBe(true);
    expect(conditionsHold({ target: "installed" }, run)).toBe(false);
    expect(conditionsHold({ platform: "darwin" }, run)).toBe(false);
    expect(conditionsHold({ persona: "current" }, run)).toBe(false);
    expect(conditionsHold({ egoVersion: "<0.5.0.19" }, run)).toBe(false);
    expect(conditionsHold({ egoVersion: "*" }, { ...run, egoVersion: null })).toBe(false);
    expect(conditionsHold({ egoVersion: "*" }, { ...run, egoVersion: "ego-windows-host" })).toBe(false);
    expect(conditionsHold({ persona: "pre-profiles" }, { ...run, persona: null })).toBe(false);
  });
});

describe("entryFor", () => {
  it("takes the last matching entry whose conditions hold (Puppeteer's rule)", () => {
    const entries = indexed(entry({ clause: "tabs.*", reason: "general" }), entry({ clause: "tabs.list.shape", reason: "specific" }), entry({ clause: "tabs.list.shape", when: { target: "installed" }, reason: "other target" }));
    expect(entryFor("tabs.list.shape", run, entries, "2026-01-01").entry?.entry.reason).toBe("specific");
    expect(entryFor("tabs.create.result", run, entries, "2026-01-01").entry?.entry.reason).toBe("general");
    expect(entryFor("snapshot.subtree", run, entries, "2026-01-01").entry).toBeUndefined();
  });

  it("lets an expired entry lapse (the failure counts again) and says so", () => {
    const entries = indexed(entry({ clause: "tabs.*", expires: "2026-01-31" }));
    expect(entryFor("tabs.list.shape", run, entries, "2026-01-31").entry).toBeDefined(); // valid through its day
    const later = entryFor("tabs.list.shape", run, entries, "2026-02-01");
    expect(later.entry).toBeUndefined();
    expect(later.expired.map((e) => e.index)).toEqual([0]);
  });
});
