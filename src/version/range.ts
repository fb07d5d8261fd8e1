/**
 * Ranges over Ego Lite versions in semver-like notation over all four parts (the grammar:
 * docs/results.md, "Expectations"). Emptiness and overlap are exact, since the order is discrete:
 * `>v` is `>=` the successor of v.
 */
import {
  compareEgoVersions,
  egoVersionFromParts,
  EgoVersionError,
  parseEgoVersion,
  type EgoVersion,
} from "./ego-version.js";

export type EgoComparatorOperator = ">=" | ">" | "<=" | "<" | "=";

export interface EgoComparator {
  readonly operator: EgoComparatorOperator;
  readonly version: EgoVersion;
}

/** Comparators that must all hold; an empty set is `*` (any version). */
export type EgoComparatorSet = readonly EgoComparator[];

/** A union of comparator sets: a version satisfies the range when it satisfies any one of them. */
export interface EgoRange {
  readonly alternatives: readonly [EgoComparatorSet, ...EgoComparatorSet[]];
}

/** Text that is not an Ego Lite range; `input` is the whole text, `token` the part that failed. */
export class EgoRangeError extends Error {
  override readonly name = "EgoRangeError";
  readonly input: string;
  readonly token: string;

  constructor(input: string, token: string, expected: string) {
    super(`not an Ego Lite range: ${JSON.stringify(input)} (bad token ${JSON.stringify(token)}: ${expected})`);
    this.input = input;
    this.token = token;
  }
}

const COMPARATOR_PATTERN = /^(>=|<=|>|<|=)?(.*)$/s;

/**
 * Parses range text (see the module comment). Throws EgoRangeError naming the input and the bad
 * token, e.g. for `^0.5.0`, `>= 0.5.0.0`, `>=0.5`, or an empty alternative in `>=0.5.0.0 ||`.
 */
export function parseEgoRange(text: string): EgoRange {
  const input = String(text);
  const [first, ...rest] = input.split("||").map((alternative) => parseAlternative(input, alternative));
  // split always yields at least one piece, so `first` is defined.
  return Object.freeze({ alternatives: Object.freeze([first!, ...rest] as const) });
}

function parseAlternative(input: string, alternative: string): EgoComparatorSet {
  const tokens = alternative.split(/\s+/).filter((token) => token !== "");
  if (tokens.length === 0) {
    if (input.trim() === "") return Object.freeze([]);
    throw new EgoRangeError(input, "||", "empty alternative; write * to allow any version");
  }
  if (tokens.length === 1 && tokens[0] === "*") return Object.freeze([]);
  return Object.freeze(tokens.map((token) => parseComparator(input, token)));
}

function parseComparator(input: string, token: string): EgoComparator {
  const match = COMPARATOR_PATTERN.exec(token)!; // matches every string
  try {
    const version = parseEgoVersion(match[2]!);
    return Object.freeze({ operator: (match[1] ?? "=") as EgoComparatorOperator, version });
  } catch (error) {
    if (!(error instanceof EgoVersionError)) throw error;
    throw new EgoRangeError(input, token, "expected a comparator like >=0.4.4.2, <0.5.0.19 or 0.5.0.19");
  }
}

function holds(comparator: EgoComparator, version: EgoVersion): boolean {
  const c = compareEgoVersions(version, comparator.version);
  switch (comparator.operator) {
    case ">=":
      return c >= 0;
    case ">":
      return c > 0;
    case "<=":
      return c <= 0;
    case "<":
      return c < 0;
    case "=":
      return c === 0;
  }
}

/** Whether `version` satisfies every comparator of at least one alternative of `range`. */
export function satisfiesEgoRange(version: EgoVersion, range: EgoRange): boolean {
  return range.alternatives.some((set) => set.every((comparator) => holds(comparator, version)));
}

/** Canonical text: exact comparators as bare versions, `*` for any, ` || ` between alternatives. */
export function formatEgoRange(range: EgoRange): string {
  return range.alternatives
    .map((set) =>
      set.length === 0
        ? "*"
        : set.map(({ operator, version }) => (operator === "=" ? "" : operator) + version.text).join(" "),
    )
    .join(" || ");
}

/** Whether no version satisfies the range, e.g. `>=0.5.0.0 <0.4.0.0` or `>0.5.0.18 <0.5.0.19`. */
export function isEmptyRange(range: EgoRange): boolean {
  return range.alternatives.every((set) => lowestMember(set) === null);
}

/** Whether some version satisfies both ranges; `<0.5.0.19` and `>=0.5.0.18` overlap at 0.5.0.18. */
export function rangesOverlap(a: EgoRange, b: EgoRange): boolean {
  return a.alternatives.some((x) => b.alternatives.some((y) => lowestMember([...x, ...y]) !== null));
}

const LOWEST = egoVersionFromParts([0, 0, 0, 0]);

/**
 * The lowest version satisfying every comparator, or null when there is none. Every member is at
 * least the greatest lower bound `lo` (with `>v` read as `>=` successor(v)); `lo` meets all lower
 * bounds by construction, and the upper bounds are closed downwards, so if any member exists `lo`
 * is one. Hence: the set is non-empty iff `lo` satisfies all the comparators.
 */
function lowestMember(set: EgoComparatorSet): EgoVersion | null {
  let lo = LOWEST;
  for (const { operator, version } of set) {
    if (operator === "<" || operator === "<=") continue;
    const bound = operator === ">" ? successor(version) : version;
    if (bound === null) return null;
    if (compareEgoVersions(bound, lo) > 0) lo = bound;
  }
  return set.every((comparator) => holds(comparator, lo)) ? lo : null;
}

/** The next version in lexicographic order, carrying at MAX_SAFE_INTEGER; null after the last. */
function successor(v: EgoVersion): EgoVersion | null {
  const parts = [...v.parts];
  for (let i = 3; i >= 0; i--) {
    if (parts[i]! < Number.MAX_SAFE_INTEGER) {
      parts[i] = parts[i]! + 1;
      parts.fill(0, i + 1);
      return egoVersionFromParts(parts as [number, number, number, number]);
    }
  }
  return null;
}
