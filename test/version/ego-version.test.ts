import fc from "fast-check";
import semver from "semver";
import { describe, expect, it } from "vitest";
import {
  compareEgoVersions,
  egoVersionFromParts,
  EgoVersionError,
  formatEgoVersion,
  isEgoVersionText,
  parseEgoVersion,
  sortEgoVersions,
  toSemverWithBuild,
  tryParseEgoVersion,
  type EgoVersion,
} from "../../src/version/index.js";
import { thrownBy } from "../support/thrown.js";
import { anyVersion, smallVersion } from "./arbitraries.js";

const IN_THE_WILD = [
  "0.4.3.0", "0.4.4.0", "0.4.4.2", "0.4.6.12", "0.4.6.13", "0.4.6.14",
  "0.5.0.5", "0.5.0.19", "0.5.0.28", "0.5.0.32", "0.5.1.11", "0.5.1.13",
];

/** An independent reference order: zero-padded parts compared as strings. */
const padded = (v: EgoVersion) => v.parts.map((p) => String(p).padStart(16, "0")).join(".");
const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

describe("parseEgoVersion", () => {
  it("parses four parts into numbers and canonical text", () => {
    const v = parseEgoVersion("0.5.0.19");
    expect(v.parts).toEqual([0, 5, 0, 19]);
    expect(v.text).toBe("0.5.0.19");
  });

  it("reads three parts as .0", () => {
    expect(parseEgoVersion("0.5.1").text).toBe("0.5.1.0");
    fc.assert(
      fc.property(anyVersion, (v) => {
        const [a, b, c] = v.parts;
        expect(parseEgoVersion(`${a}.${b}.${c}`)).toEqual(egoVersionFromParts([a, b, c, 0]));
      }),
    );
  });

  it("trims whitespace, tolerates a leading v, drops leading zeros", () => {
    expect(parseEgoVersion("  0.5.0.19\n").text).toBe("0.5.0.19");
    expect(parseEgoVersion("v0.5.0.19").text).toBe("0.5.0.19");
    expect(parseEgoVersion(" v0.5.1 ").text).toBe("0.5.1.0");
    expect(parseEgoVersion("0.05.0.019").text).toBe("0.5.0.19");
  });

  it("accepts parts up to MAX_SAFE_INTEGER and no further", () => {
    const max = Number.MAX_SAFE_INTEGER;
    expect(parseEgoVersion(`${max}.0.0.${max}`).parts).toEqual([max, 0, 0, max]);
    expect(() => parseEgoVersion(`0.0.0.${max + 1}`)).toThrow(/not an Ego Lite version: "0\.0\.0\.9007199254740992" \(part 9007199254740992 is larger than/);
  });

  it.each([
    "ego-windows-host", "", "   ", "1.2", "1.2.3.4.5", "1.-2.3.4", "1.2.3.x", "+1.2.3.4", "1..2.3",
    "1.2.3.4 5", "1.2.3.4.", ".1.2.3", "vv1.2.3.4", "1.2.3.4-beta", "1.2.3.4+5", "1e3.0.0.0", "٣.1.2.3",
  ])("rejects %j with the input in the message", (input) => {
    const error = thrownBy(() => parseEgoVersion(input)) as EgoVersionError;
    expect(error).toBeInstanceOf(EgoVersionError);
    expect(error).toMatchObject({ name: "EgoVersionError", input });
    expect(error.message).toBe(`not an Ego Lite version: ${JSON.stringify(input)} (expected four numbers like 0.5.0.19)`);
  });

  it("either parses to canonical text or throws EgoVersionError, for any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^v?[0-9.]{1,12}$/)), (s) => {
        const v = tryParseEgoVersion(s);
        expect(isEgoVersionText(s)).toBe(v !== null);
        if (v === null) expect(() => parseEgoVersion(s)).toThrow(EgoVersionError);
        else expect(v.text).toMatch(/^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/);
      }),
    );
  });
});

describe("tryParseEgoVersion and isEgoVersionText", () => {
  it("return null / false for non-versions and non-strings", () => {
    for (const input of ["ego-windows-host", "", "1.2", null, undefined, 5, {}, ["0.5.0.19"]]) {
      expect(tryParseEgoVersion(input)).toBeNull();
      expect(isEgoVersionText(input)).toBe(false);
    }
    expect(tryParseEgoVersion("0.5.0.19")?.text).toBe("0.5.0.19");
    expect(isEgoVersionText("0.5.1")).toBe(true);
  });
});

describe("egoVersionFromParts", () => {
  it.each([[[0, 0, 0, -1]], [[0, 0, 0.5, 0]], [[Number.MAX_SAFE_INTEGER + 1, 0, 0, 0]], [[NaN, 0, 0, 0]]] as const)(
    "rejects %j",
    (parts) => {
      expect(() => egoVersionFromParts(parts)).toThrow(RangeError);
    },
  );
});

describe("formatEgoVersion", () => {
  it("round-trips with parseEgoVersion", () => {
    fc.assert(
      fc.property(anyVersion, (v) => {
        expect(formatEgoVersion(v)).toBe(v.text);
        expect(parseEgoVersion(formatEgoVersion(v))).toEqual(v);
      }),
    );
  });

  it("returns canonical input unchanged", () => {
    fc.assert(
      fc.property(fc.tuple(fc.maxSafeNat(), fc.maxSafeNat(), fc.maxSafeNat(), fc.maxSafeNat()), (parts) => {
        const text = parts.join(".");
        expect(formatEgoVersion(parseEgoVersion(text))).toBe(text);
      }),
    );
  });
});

describe("compareEgoVersions", () => {
  it("agrees with tuple comparison", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        expect(compareEgoVersions(a, b)).toBe(order(padded(a), padded(b)));
      }),
    );
  });

  it("is antisymmetric and returns 0 exactly for equal versions", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        expect(compareEgoVersions(a, b)).toBe(-compareEgoVersions(b, a) || 0);
        expect(compareEgoVersions(a, b) === 0).toBe(a.text === b.text);
        expect(compareEgoVersions(a, a)).toBe(0);
      }),
    );
  });

  it("is total: always -1, 0 or 1", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        expect([-1, 0, 1]).toContain(compareEgoVersions(a, b));
      }),
    );
  });

  it("is transitive", () => {
    fc.assert(
      fc.property(smallVersion(2), smallVersion(2), smallVersion(2), (x, y, z) => {
        for (const [a, b, c] of [[x, y, z], [x, z, y], [y, x, z], [y, z, x], [z, x, y], [z, y, x]] as const) {
          if (compareEgoVersions(a, b) <= 0 && compareEgoVersions(b, c) <= 0) {
            expect(compareEgoVersions(a, c)).toBeLessThanOrEqual(0);
          }
          if (compareEgoVersions(a, b) < 0 && compareEgoVersions(b, c) < 0) {
            expect(compareEgoVersions(a, c)).toBe(-1);
          }
        }
      }),
    );
  });

  it("orders the fourth part numerically, unlike semver.coerce", () => {
    const [a, b] = [parseEgoVersion("0.5.0.5"), parseEgoVersion("0.5.0.19")];
    expect(compareEgoVersions(a, b)).toBe(-1);
    expect(semver.compare(semver.coerce(a.text)!, semver.coerce(b.text)!)).toBe(0); // the bug this module exists for
  });
});

describe("sortEgoVersions", () => {
  it("sorts the versions seen in the wild, from any starting order", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(IN_THE_WILD, { minLength: IN_THE_WILD.length }), (shuffled) => {
        expect(sortEgoVersions(shuffled.map(parseEgoVersion)).map(formatEgoVersion)).toEqual(IN_THE_WILD);
      }),
    );
    const sorted = sortEgoVersions(["0.5.1.11", "0.5.0.32", "0.5.0.5", "0.5.0.28", "0.5.0.19"].map(parseEgoVersion));
    expect(sorted.map((v) => v.text)).toEqual(["0.5.0.5", "0.5.0.19", "0.5.0.28", "0.5.0.32", "0.5.1.11"]);
  });

  it("returns a sorted permutation and leaves the input alone", () => {
    fc.assert(
      fc.property(fc.array(anyVersion), (versions) => {
        const before = versions.map((v) => v.text);
        const sorted = sortEgoVersions(versions);
        expect(versions.map((v) => v.text)).toEqual(before);
        expect(sorted.map((v) => v.text).sort()).toEqual([...before].sort());
        for (let i = 1; i < sorted.length; i++) expect(compareEgoVersions(sorted[i - 1]!, sorted[i]!)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe("toSemverWithBuild", () => {
  it("maps a.b.c.d to a.b.c+d", () => {
    expect(toSemverWithBuild(parseEgoVersion("0.5.0.19"))).toBe("0.5.0+19");
  });

  it("is ordered by semver.compareBuild exactly as by compareEgoVersions", () => {
    fc.assert(
      fc.property(anyVersion, anyVersion, (a, b) => {
        expect(semver.compareBuild(toSemverWithBuild(a), toSemverWithBuild(b))).toBe(compareEgoVersions(a, b));
      }),
    );
  });

  it("cannot be constrained on the fourth part by semver ranges", () => {
    expect(semver.satisfies(toSemverWithBuild(parseEgoVersion("0.5.0.19")), "<0.5.0")).toBe(false);
    expect(semver.satisfies(toSemverWithBuild(parseEgoVersion("0.5.0.19")), ">=0.5.0 <0.6.0")).toBe(true);
    expect(semver.satisfies(toSemverWithBuild(parseEgoVersion("0.5.0.5")), ">=0.5.0 <0.6.0")).toBe(true);
  });
});
