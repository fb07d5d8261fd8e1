import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compareEgoVersions,
  EgoRangeError,
  formatEgoRange,
  isEmptyRange,
  parseEgoRange,
  parseEgoVersion,
  rangesOverlap,
  satisfiesEgoRange,
  type EgoVersion,
} from "../../src/version/index.js";
import { thrownBy } from "../support/thrown.js";
import { anyVersion, comparatorSetText, lattice, rangeText, smallVersion } from "./arbitraries.js";

const sat = (version: string, range: string) => satisfiesEgoRange(parseEgoVersion(version), parseEgoRange(range));
const overlap = (a: string, b: string) => rangesOverlap(parseEgoRange(a), parseEgoRange(b));
const empty = (range: string) => isEmptyRange(parseEgoRange(range));
const MAX = Number.MAX_SAFE_INTEGER;

/*
 * Brute force. Range versions are drawn with parts in 0..3, but the check runs over parts 0..4:
 * the lattice 0..3 alone is NOT exact, since `>0.0.0.3 <0.0.1.0` is satisfied by 0.0.0.4 only.
 * 0..4 is enough: a satisfiable comparator set has its lowest member at some bound v or at v's
 * successor, and the successor of a version with parts <= 3 has parts <= 4.
 */
const SMALL = smallVersion(3);
const LATTICE: readonly EgoVersion[] = lattice(4);

describe("parseEgoRange and formatEgoRange", () => {
  it.each([
    [">=0.4.4.2 <0.5.0.19", ">=0.4.4.2 <0.5.0.19"],
    ["  >=0.4.4.2\t<0.5.0.19 ", ">=0.4.4.2 <0.5.0.19"],
    ["0.5.0.19", "0.5.0.19"],
    ["=0.5.0.19", "0.5.0.19"],
    [">v0.5.1", ">0.5.1.0"],
    ["<0.4.0.0||>=0.5.0.0", "<0.4.0.0 || >=0.5.0.0"],
    ["*", "*"],
    ["", "*"],
    ["   ", "*"],
    ["* || 0.4.3.0", "* || 0.4.3.0"],
    ["<=0.05.00.019", "<=0.5.0.19"],
  ])("parses %j, formatted as %j", (text, canonical) => {
    expect(formatEgoRange(parseEgoRange(text))).toBe(canonical);
  });

  it.each([
    ["^0.5.0", "^0.5.0"],
    ["~0.5.0.0", "~0.5.0.0"],
    [">= 0.5.0.0", ">="],
    [">=0.5", ">=0.5"],
    [">=0.5.0.0 <ego-windows-host", "<ego-windows-host"],
    ["0.4.0.0 - 0.5.0.0", "-"],
    ["* >=0.5.0.0", "*"],
    [">=0.5.0.0,<0.6.0.0", ">=0.5.0.0,<0.6.0.0"],
    ["=>0.5.0.0", "=>0.5.0.0"],
    [">=0.5.0.0 ||", "||"],
    ["|| <0.4.0.0", "||"],
    ["0.4.0.0 | 0.5.0.0", "|"],
    ["x", "x"],
  ])("rejects %j, naming the token %j", (text, token) => {
    const error = thrownBy(() => parseEgoRange(text)) as EgoRangeError;
    expect(error).toBeInstanceOf(EgoRangeError);
    expect(error).toMatchObject({ name: "EgoRangeError", input: text, token });
    expect(error.message).toContain(`not an Ego Lite range: ${JSON.stringify(text)} (bad token ${JSON.stringify(token)}`);
  });

  it("round-trips: format is a fixed point and keeps membership", () => {
    fc.assert(
      fc.property(rangeText(anyVersion), anyVersion, (text, v) => {
        const range = parseEgoRange(text);
        const again = parseEgoRange(formatEgoRange(range));
        expect(formatEgoRange(again)).toBe(formatEgoRange(range));
        expect(satisfiesEgoRange(v, again)).toBe(satisfiesEgoRange(v, range));
      }),
    );
  });
});

describe("satisfiesEgoRange", () => {
  it("reads three-part versions as .0", () => {
    expect(sat("0.5.1.0", "<=0.5.1")).toBe(true);
    expect(sat("0.5.1.3", "<=0.5.1")).toBe(false);
    expect(sat("0.5.1.0", "0.5.1")).toBe(true);
    expect(sat("0.5.0.32", "<0.5.1")).toBe(true);
  });

  it("orders the fourth part numerically", () => {
    expect(sat("0.5.0.19", ">=0.4.4.2 <0.5.0.19")).toBe(false);
    expect(sat("0.5.0.5", ">=0.4.4.2 <0.5.0.19")).toBe(true);
    expect(sat("0.4.6.14", ">=0.4.4.2 <0.5.0.19")).toBe(true);
    expect(sat("0.4.4.0", ">=0.4.4.2 <0.5.0.19")).toBe(false);
  });

  it("matches every version with * and empty text", () => {
    fc.assert(fc.property(anyVersion, (v) => satisfiesEgoRange(v, parseEgoRange("*")) && satisfiesEgoRange(v, parseEgoRange(""))));
  });

  it("agrees with compareEgoVersions for each operator", () => {
    const expected = { ">=": [0, 1], ">": [1], "<=": [-1, 0], "<": [-1], "=": [0], "": [0] } as const;
    fc.assert(
      fc.property(anyVersion, anyVersion, fc.constantFrom(...(Object.keys(expected) as (keyof typeof expected)[])), (v, bound, op) => {
        const c = compareEgoVersions(v, bound);
        expect(satisfiesEgoRange(v, parseEgoRange(op + bound.text))).toBe((expected[op] as readonly number[]).includes(c));
      }),
    );
  });

  it("treats space as intersection and || as union", () => {
    fc.assert(
      fc.property(comparatorSetText(anyVersion), comparatorSetText(anyVersion), anyVersion, (a, b, v) => {
        const inA = satisfiesEgoRange(v, parseEgoRange(a));
        const inB = satisfiesEgoRange(v, parseEgoRange(b));
        expect(satisfiesEgoRange(v, parseEgoRange(`${a} || ${b}`))).toBe(inA || inB);
        const both = [a, b].filter((t) => t !== "*").join(" ") || "*";
        expect(satisfiesEgoRange(v, parseEgoRange(both))).toBe(inA && inB);
      }),
    );
  });
});

describe("isEmptyRange", () => {
  it.each([
    [">=0.5.0.0 <0.4.0.0", true],
    [">0.5.0.18 <0.5.0.19", true],
    [">=0.5.0.18 <0.5.0.19", false],
    [">0.5.0.18 <=0.5.0.19", false],
    [">0.0.0.3 <0.0.1.0", false],
    ["<0.0.0.0", true],
    ["<=0.0.0.0", false],
    [`>${MAX}.${MAX}.${MAX}.${MAX}`, true],
    [`>=${MAX}.${MAX}.${MAX}.${MAX}`, false],
    [`>0.0.0.${MAX} <0.0.1.0`, true],
    [`>0.0.0.${MAX} <=0.0.1.0`, false],
    [`>0.${MAX}.${MAX}.${MAX} <1.0.0.0`, true],
    ["0.5.0.19 0.5.0.18", true],
    ["<0.0.0.0 || 0.5.0.19", false],
    ["*", false],
  ])("%j is empty: %s", (text, expected) => {
    expect(empty(text)).toBe(expected);
  });

  it("agrees with brute force over a bounded lattice", () => {
    fc.assert(
      fc.property(rangeText(SMALL), (text) => {
        const range = parseEgoRange(text);
        expect(isEmptyRange(range)).toBe(!LATTICE.some((v) => satisfiesEgoRange(v, range)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("rangesOverlap", () => {
  it.each([
    ["<0.5.0.19", ">=0.5.0.18", true],
    ["<0.5.0.19", ">0.5.0.18", false],
    ["<=0.5.0.19", ">0.5.0.18", true],
    ["<0.5.0.19", ">=0.5.0.19", false],
    [">=0.4.4.2 <0.5.0.19", "0.5.0.5", true],
    [">=0.4.4.2 <0.5.0.19", "<0.4.0.0 || >=0.5.1.0", false],
    [">=0.4.4.2 <0.5.0.19", "<0.4.0.0 || >=0.5.0.0", true],
    ["*", "0.5.0.19", true],
    ["*", "<0.0.0.0", false],
    [`>0.0.0.${MAX}`, "<0.0.1.1", true],
  ])("%j and %j overlap: %s", (a, b, expected) => {
    expect(overlap(a, b)).toBe(expected);
    expect(overlap(b, a)).toBe(expected);
  });

  it("agrees with brute force over a bounded lattice", () => {
    fc.assert(
      fc.property(rangeText(SMALL), rangeText(SMALL), (a, b) => {
        const [ra, rb] = [parseEgoRange(a), parseEgoRange(b)];
        const bruteForce = LATTICE.some((v) => satisfiesEgoRange(v, ra) && satisfiesEgoRange(v, rb));
        expect(rangesOverlap(ra, rb)).toBe(bruteForce);
      }),
      { numRuns: 1000 },
    );
  });

  it("is symmetric, and a range overlaps itself unless empty", () => {
    fc.assert(
      fc.property(rangeText(anyVersion), rangeText(anyVersion), (a, b) => {
        const [ra, rb] = [parseEgoRange(a), parseEgoRange(b)];
        expect(rangesOverlap(ra, rb)).toBe(rangesOverlap(rb, ra));
        expect(rangesOverlap(ra, ra)).toBe(!isEmptyRange(ra));
      }),
    );
  });
});
