import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRunArgs } from "../../src/cli/run.js";
import { expandTargets } from "../../src/matrix/expand.js";
import { personaNames } from "../../src/matrix/personas.js";
import { makePlan, MatrixPlan } from "../../src/matrix/plan.js";
import { defaultFakeTarget, mutantTarget, installedTarget, personaTarget, TARGET_KEY, TargetSpec, versionTarget } from "../../src/matrix/target-spec.js";
import { targetOptions } from "../../src/matrix/run-targets.js";
import { targetTranscriptFile } from "../../src/matrix/fake-differences.js";
import { targetOutcomesFile } from "../../src/matrix/bundle.js";
import { checkOptions } from "../../src/run/check-options.js";
import { MUTANT_NAMES } from "../../fake-bridge/index.js";

const none = { personas: null, versions: [], installed: [], mutants: [] };

describe("target keys", () => {
  it("are valid Allure environment ids and directory names, for any input", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const spec of [personaTarget(text || "x"), versionTarget(text || "x"), mutantTarget(text || "x"), installedTarget(text || "x")]) {
          expect(spec.key).toMatch(TARGET_KEY);
          expect(() => TargetSpec.parse(spec)).not.toThrow();
        }
      }),
    );
  });

  it("keep distinct versions and distinct CLI paths apart", () => {
    fc.assert(
      fc.property(fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99), fc.nat(999)), fc.tuple(fc.nat(99), fc.nat(99), fc.nat(99), fc.nat(999)), (a, b) => {
        const va = a.join(".");
        const vb = b.join(".");
        expect(versionTarget(va).key === versionTarget(vb).key).toBe(va === vb);
      }),
    );
    expect(installedTarget("/a/ego-browser").key).not.toBe(installedTarget("/b/ego-browser").key);
    expect(installedTarget("/Applications/Ego Lite.app/Contents/MacOS/ego-browser").key).toMatch(/^installed-ego-browser-[0-9a-f]{8}$/);
  });

  it("give every persona its own key", () => {
    const keys = personaNames().map((p) => personaTarget(p).key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe("targetOptions", () => {
  /** The flags that reached each target when the matrix still went through `run`'s parser. */
  const flagsOf = (spec: TargetSpec): string[] =>
    spec.kind === "installed"
      ? ["--target", "installed", "--ego-browser", spec.egoBrowser]
      : ["--target", "fake", ...(spec.persona !== null ? ["--persona", spec.persona] : []), ...(spec.egoVersion !== null ? ["--ego-version", spec.egoVersion] : []), ...spec.mutants.flatMap((f) => ["--mutant", f])];

  it("are the options `run` parses from the target's flags, the selection and the bundle's paths", () => {
    const dir = "/bundle/results/t";
    // every target records into its results (compat compares it with its build's fake column)
    const paths = ["--results", dir, "--outcomes", targetOutcomesFile(dir), "--no-report", "--record", targetTranscriptFile(dir)];
    const specs = [...personaNames().map(personaTarget), versionTarget("0.4.4.2"), mutantTarget(MUTANT_NAMES[0]!), defaultFakeTarget(), installedTarget("/opt/ego-browser")];
    for (const spec of specs) {
      const { reportDir: _ignored, progressTarget, ...typed } = targetOptions(spec, { areas: ["tabs", "cdp"], grep: /send/ }, dir, "model");
      expect(progressTarget).toBe(spec.key); // the progress line names the target (two run at once)
      const { reportDir: _unused, ...parsed } = parseRunArgs([...flagsOf(spec), "--area", "tabs", "--area", "cdp", "--grep", "send", ...(spec.kind === "installed" ? [] : ["--pages", "model"]), ...paths]);
      expect(typed).toEqual(parsed);
      expect(() => checkOptions(targetOptions(spec, { areas: [] }, dir))).not.toThrow();
    }
  });

  it("carry the plan's run settings as run takes --ungated and --no-expectations", () => {
    const dir = "/bundle/results/t";
    const paths = ["--results", dir, "--outcomes", targetOutcomesFile(dir), "--no-report", "--record", targetTranscriptFile(dir)];
    for (const spec of [personaTarget("pre-profiles"), installedTarget("/opt/ego-browser")]) {
      const { reportDir: _ignored, progressTarget: _key, ...typed } = targetOptions(spec, { areas: [] }, dir, undefined, { ungated: true, noExpectations: true });
      const { reportDir: _unused, ...parsed } = parseRunArgs([...flagsOf(spec), "--ungated", "--no-expectations", ...paths]);
      expect(typed).toEqual(parsed);
      expect(typed.expectationsFile).toBeUndefined();
    }
    // each alone: the other stays as run has it without its flag
    const dirOnly = (settings: { ungated: boolean; noExpectations: boolean }) => targetOptions(personaTarget("current"), { areas: [] }, dir, undefined, settings);
    expect(dirOnly({ ungated: true, noExpectations: false })).toMatchObject({ ungated: true, expectationsFile: parseRunArgs([]).expectationsFile });
    expect(dirOnly({ ungated: false, noExpectations: true })).not.toHaveProperty("ungated");
  });

  it("of a bundle made before the plan carried settings are none", () => {
    const { settings: _none, ...older } = makePlan([personaTarget("current")], { areas: [], grep: null }, { ungated: true });
    expect(MatrixPlan.parse(older).settings).toEqual({ ungated: false, noExpectations: false });
  });
});

describe("expandTargets", () => {
  it("covers every persona when no target is asked for, and for --personas all", () => {
    const all = personaNames().map((p) => personaTarget(p));
    expect(expandTargets(none, personaNames())).toEqual(all);
    expect(expandTargets({ ...none, personas: "all" }, personaNames())).toEqual(all);
  });

  it("orders personas, versions, installed CLIs, mutants, and keeps a target named twice once", () => {
    const specs = expandTargets({ personas: ["current", "pre-profiles", "current"], versions: ["0.4.4.2"], installed: ["/x/ego-browser"], mutants: ["string-ids"] }, personaNames());
    expect(specs.map((s) => s.key)).toEqual(["persona-current", "persona-pre-profiles", "version-0_4_4_2", installedTarget("/x/ego-browser").key, "mutant-string-ids"]);
    expect(expandTargets({ ...none, versions: ["0.4.4.2"] }, personaNames()).map((s) => s.key)).toEqual(["version-0_4_4_2"]);
  });

  it("refuses unknown personas and versions that are not four numbers", () => {
    expect(() => expandTargets({ ...none, personas: ["nobody"] }, personaNames())).toThrow(/unknown persona 'nobody'/);
    expect(() => expandTargets({ ...none, versions: ["0.5"] }, personaNames())).toThrow(/four-part/);
    expect(() => expandTargets({ ...none, versions: ["ego-windows-host"] }, personaNames())).toThrow(/four-part/);
  });

  it("normalises versions, so one version is one target", () => {
    expect(expandTargets({ ...none, versions: ["0.5.1", "v0.5.1.0", "0.5.0.19"] }, personaNames()).map((s) => s.kind === "fake" && s.egoVersion)).toEqual(["0.5.1.0", "0.5.0.19"]);
  });
});

describe("makePlan", () => {
  it("gives the same id to the same targets and selection, another to anything else", () => {
    const a = makePlan([personaTarget("current")], { areas: [], grep: null });
    expect(makePlan([personaTarget("current")], { areas: [], grep: null }).id).toBe(a.id);
    expect(makePlan([personaTarget("current")], { areas: ["tabs"], grep: null }).id).not.toBe(a.id);
    expect(makePlan([personaTarget("pre-profiles")], { areas: [], grep: null }).id).not.toBe(a.id);
    expect(() => makePlan([personaTarget("current"), personaTarget("current")], { areas: [], grep: null })).toThrow(/twice/);
  });

  it("records what every target runs with (--ungated, --no-expectations), and is another plan for each", () => {
    const targets = [personaTarget("current")];
    const selection = { areas: [], grep: null };
    const plain = makePlan(targets, selection);
    expect(plain.settings).toEqual({ ungated: false, noExpectations: false });
    expect(makePlan(targets, selection, { ungated: false, noExpectations: false }).id).toBe(plain.id);
    const ungated = makePlan(targets, selection, { ungated: true });
    const noExpectations = makePlan(targets, selection, { noExpectations: true });
    expect(ungated.settings).toEqual({ ungated: true, noExpectations: false });
    expect(noExpectations.settings).toEqual({ ungated: false, noExpectations: true });
    expect(new Set([plain.id, ungated.id, noExpectations.id, makePlan(targets, selection, { ungated: true, noExpectations: true }).id]).size).toBe(4);
  });
});
