/** fast-check generators shared by the version tests. */
import fc from "fast-check";
import { egoVersionFromParts, type EgoVersion } from "../../src/version/index.js";

/** Parts biased towards ties (0..3) but reaching MAX_SAFE_INTEGER. */
const part = fc.oneof(fc.nat({ max: 3 }), fc.nat({ max: 40 }), fc.maxSafeNat());

export const anyVersion: fc.Arbitrary<EgoVersion> = fc
  .tuple(part, part, part, part)
  .map((parts) => egoVersionFromParts(parts));

/** Versions whose parts are all in 0..max. */
export function smallVersion(max: number): fc.Arbitrary<EgoVersion> {
  const p = fc.nat({ max });
  return fc.tuple(p, p, p, p).map((parts) => egoVersionFromParts(parts));
}

/** Every version whose parts are all in 0..max, in ascending order. */
export function lattice(max: number): EgoVersion[] {
  const out: EgoVersion[] = [];
  for (let a = 0; a <= max; a++)
    for (let b = 0; b <= max; b++)
      for (let c = 0; c <= max; c++) for (let d = 0; d <= max; d++) out.push(egoVersionFromParts([a, b, c, d]));
  return out;
}

const operator = fc.constantFrom(">=", ">", "<=", "<", "=", "");

/** One comparator set as text: up to three comparators, or `*`. */
export function comparatorSetText(version: fc.Arbitrary<EgoVersion>): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(operator, version), { maxLength: 3 })
    .map((cs) => (cs.length === 0 ? "*" : cs.map(([op, v]) => op + v.text).join(" ")));
}

/** Range text: one to three comparator sets joined with `||`. */
export function rangeText(version: fc.Arbitrary<EgoVersion>): fc.Arbitrary<string> {
  return fc.array(comparatorSetText(version), { minLength: 1, maxLength: 3 }).map((sets) => sets.join(" || "));
}
