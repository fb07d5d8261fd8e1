// Which fake column a target's recording is compared with (src/matrix/fake-differences.ts): a
// fake with mutants against the same fake without them; an installed build against a mutant-free
// fake column that plays its version's own build (the fake by version first, else a persona of
// exactly that build); none, with the reason, when no column plays it; a fake column against none.
import { describe, expect, it } from "vitest";
import { PERSONAS } from "../../src/contract/personas.js";
import { outcomeWithoutResults } from "../../src/matrix/collect.js";
import type { TargetOutcome } from "../../src/matrix/compat-schema.js";
import { fakeColumnFor } from "../../src/matrix/fake-differences.js";
import { mutantTarget, installedTarget, personaTarget, versionTarget, type TargetSpec } from "../../src/matrix/target-spec.js";

const SHARD = { index: 1, count: 1 };
function ran(spec: TargetSpec, egoVersion: string | null, persona: string | null = null): TargetOutcome {
  return { ...outcomeWithoutResults(spec, "missing", "", [], { shard: SHARD }), availability: "ran", egoVersion, persona };
}
const keyOf = (r: ReturnType<typeof fakeColumnFor>) => (r === undefined ? undefined : "fake" in r ? r.fake.key : `none: ${r.reason}`);

describe("the fake column a target is compared with", () => {
  const current = PERSONAS.find((p) => p.name === "current")!;
  const other = PERSONAS.find((p) => p.version === current.version && p.name !== "current")!;
  const installed = ran(installedTarget("/Applications/ego-browser"), current.version);
  const byVersion = ran(versionTarget(current.version), current.version);
  const persona = ran(personaTarget("current"), current.version, "current");
  const otherPersona = ran(personaTarget(other.name), current.version, other.name);

  it("an installed build: the fake by its version first, else a persona of exactly its build, never another build of the same number", () => {
    expect(keyOf(fakeColumnFor(installed, [otherPersona, persona, byVersion, installed]))).toBe(byVersion.key);
    expect(keyOf(fakeColumnFor(installed, [otherPersona, persona, installed]))).toBe(persona.key);
    expect(keyOf(fakeColumnFor(installed, [otherPersona, installed]))).toMatch(/^none: no fake column plays Ego Lite/);
    expect(keyOf(fakeColumnFor({ ...installed, egoVersion: null }, [persona]))).toMatch(/^none: the build's version is unknown/);
    expect(keyOf(fakeColumnFor(installed, [{ ...persona, availability: "error" }]))).toMatch(/^none:/);
  });

  it("a fake with mutants: the same fake without them; a fake column: none", () => {
    const mutated = ran(mutantTarget("claim-selects"), current.version);
    const plain = ran({ key: "fake-default", kind: "fake", persona: null, egoVersion: null, mutants: [] }, current.version);
    expect(keyOf(fakeColumnFor(mutated, [byVersion, persona, plain, mutated]))).toBe("fake-default");
    expect(keyOf(fakeColumnFor(mutated, [byVersion, persona]))).toMatch(/^none: no fake column plays this target's build without its mutants/);
    expect(fakeColumnFor(persona, [persona, installed])).toBeUndefined();
  });
});
