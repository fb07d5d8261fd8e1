/**
 * Ego Lite versions: four dot-separated non-negative integers, e.g. `0.5.0.19`, parsed into a 4-tuple
 * and compared lexicographically, since semver rejects four parts and `semver.coerce` silently drops
 * the fourth.
 */

export type EgoVersionParts = readonly [number, number, number, number];

export interface EgoVersion {
  readonly parts: EgoVersionParts;
  /** the canonical four-part text: no `v`, no leading zeros, e.g. "0.5.1.0" */
  readonly text: string;
}

/** A string that is not an Ego Lite version; `input` is the offending string as given. */
export class EgoVersionError extends Error {
  override readonly name = "EgoVersionError";
  readonly input: string;

  constructor(input: string, expected = "expected four numbers like 0.5.0.19") {
    super(`not an Ego Lite version: ${JSON.stringify(input)} (${expected})`);
    this.input = input;
  }
}

/** Optional leading `v`, then three or four runs of ASCII digits (no signs, no spaces inside). */
const VERSION_PATTERN = /^v?(\d+)\.(\d+)\.(\d+)(?:\.(\d+))?$/;

/**
 * Builds a version from its four parts, each a non-negative safe integer.
 * Throws RangeError otherwise; this is for parts computed in code, use parseEgoVersion for text.
 */
export function egoVersionFromParts(parts: EgoVersionParts): EgoVersion {
  if (!parts.every((part) => Number.isSafeInteger(part) && part >= 0)) {
    throw new RangeError(`Ego Lite version parts must be non-negative safe integers, got [${parts.join(", ")}]`);
  }
  const [a, b, c, d] = parts;
  return Object.freeze({ parts: Object.freeze([a, b, c, d] as const), text: `${a}.${b}.${c}.${d}` });
}

/**
 * Parses `0.5.0.19`, or three parts meaning `.0` (`0.5.1` is `0.5.1.0`). Surrounding whitespace
 * and a leading `v` are tolerated; leading zeros are accepted and dropped from `text`.
 * Throws EgoVersionError for anything else, e.g. "ego-windows-host", "1.2", "1.2.3.4.5".
 */
export function parseEgoVersion(input: string): EgoVersion {
  const raw = String(input); // callers from plain JS may pass anything
  const match = VERSION_PATTERN.exec(raw.trim());
  if (match === null) throw new EgoVersionError(raw);
  const digits = [match[1]!, match[2]!, match[3]!, match[4] ?? "0"] as const;
  const tooBig = digits.find((d) => !Number.isSafeInteger(Number(d)));
  if (tooBig !== undefined) {
    throw new EgoVersionError(raw, `part ${tooBig} is larger than ${Number.MAX_SAFE_INTEGER}`);
  }
  return egoVersionFromParts([Number(digits[0]), Number(digits[1]), Number(digits[2]), Number(digits[3])]);
}

/** Like parseEgoVersion, but null for anything that is not a version string (including non-strings). */
export function tryParseEgoVersion(input: unknown): EgoVersion | null {
  if (typeof input !== "string") return null;
  try {
    return parseEgoVersion(input);
  } catch (error) {
    if (error instanceof EgoVersionError) return null;
    throw error;
  }
}

/** Whether `s` is a string parseEgoVersion accepts (e.g. false for "ego-windows-host"). */
export function isEgoVersionText(s: unknown): s is string {
  return tryParseEgoVersion(s) !== null;
}

/** Lexicographic comparison of the four integers: -1 if a < b, 0 if equal, 1 if a > b. */
export function compareEgoVersions(a: EgoVersion, b: EgoVersion): -1 | 0 | 1 {
  for (let i = 0; i < 4; i++) {
    const x = a.parts[i]!;
    const y = b.parts[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The canonical four-part text, e.g. "0.5.0.19". */
export function formatEgoVersion(v: EgoVersion): string {
  return v.parts.join(".");
}

/** A new array sorted ascending; the input is left alone. */
export function sortEgoVersions(versions: readonly EgoVersion[]): EgoVersion[] {
  return [...versions].sort(compareEgoVersions);
}

/**
 * `a.b.c.d` as semver `a.b.c+d`, for interop with semver tooling. Only `semver.compareBuild`
 * orders these correctly (`compare` ignores build metadata), and semver ranges on them can never
 * constrain the fourth part: `satisfies("0.5.0+19", "<0.5.0")` is false for every d. Use
 * ./range.ts for ranges over all four parts.
 */
export function toSemverWithBuild(v: EgoVersion): string {
  const [a, b, c, d] = v.parts;
  return `${a}.${b}.${c}+${d}`;
}
