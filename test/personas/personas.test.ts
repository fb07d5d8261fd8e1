// Personas come from the build-feature table: one per documented difference, each isolating it
// on top of the build it names (or the current build), and the fake behaves accordingly.
import { describe, expect, it } from "vitest";
import { featureHistory, personaNamesInTable } from "../../src/contract/build-features.js";
import { FEATURE_NAMES } from "../../src/contract/features.js";
import { createFakeBrowser } from "../../fake-bridge/index.js";
import { PERSONAS, PERSONA_NAMES, featuresOff, featuresOn, personaByName, UnknownPersonaError } from "../../src/contract/personas.js";
import { FakeBuildError, fakeBuild } from "../../fake-bridge/personas/index.js";

describe("personas", () => {
  it("are exactly the ones the table names, with unique names", () => {
    expect(PERSONA_NAMES).toEqual(personaNamesInTable());
    expect(new Set(PERSONA_NAMES).size).toBe(PERSONA_NAMES.length);
  });

  it("each differ from the current build in the one feature whose history names them (or none)", () => {
    for (const feature of FEATURE_NAMES) {
      for (const spec of featureHistory(feature).personas) {
        const p = personaByName(spec.name);
        const changed = [...featuresOff(p), ...featuresOn(p)];
        if (changed.length === 0) {
          // the persona restores what its version lacks (0.5.0.19 launched with the subtree flag)
          expect(spec.has, spec.name).toBe(true);
          expect(p.features.has(feature)).toBe(true);
        } else expect(changed, spec.name).toEqual([feature]);
        expect(p.version).toBe(spec.version ?? personaByName("current").version);
      }
    }
    expect(personaByName("current")).toMatchObject({ version: "0.5.1.13", differences: [] });
    expect(personaByName("pre-browser-version")).toMatchObject({ version: "0.4.4.0", versionBasis: "named build" });
    expect(personaByName("subtree-flag-off")).toMatchObject({ version: "0.5.0.19" });
    expect(personaByName("pre-profiles").versionBasis).toBe("current build");
  });

  it("drive the fake's behaviour", async () => {
    const ego = (name: string) => createFakeBrowser({ version: personaByName(name).version, features: personaByName(name).features }).newBinding() as unknown as Record<string, unknown>;
    expect(typeof ego("pre-profiles").listProfiles).toBe("undefined");
    expect(typeof ego("current").listProfiles).toBe("function");
    expect("getBrowserVersion" in ego("pre-browser-version")).toBe(false);
    const created = await (ego("pre-numeric-ids").createTaskSpace as (n: string) => Promise<unknown>)("x");
    expect(created).toEqual({ taskId: "x", name: "x" });
  });

  it("choose the fake's build: a persona, a version, or the current build; not both", () => {
    expect(fakeBuild({})).toMatchObject({ version: "0.5.1.13", versionSource: expect.stringMatching(/fake default/) });
    expect(fakeBuild({ persona: "subtree-flag-off" })).toMatchObject({ version: "0.5.0.19", persona: "subtree-flag-off" });
    const v = fakeBuild({ egoVersion: "0.4.3.0" });
    expect(v.persona).toBeUndefined();
    expect(v.features.has("browser-version")).toBe(false);
    expect(() => fakeBuild({ persona: "current", egoVersion: "0.5.0.19" })).toThrow(FakeBuildError);
    expect(() => fakeBuild({ egoVersion: "0.5" })).toThrow(FakeBuildError);
    expect(() => fakeBuild({ persona: "nobody" })).toThrow(UnknownPersonaError);
    expect(PERSONAS.every((p) => p.standsFor.length > 0 && p.source.length > 0)).toBe(true);
  });
});
