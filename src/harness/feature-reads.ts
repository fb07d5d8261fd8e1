/**
 * A clause's gate covers what its assertions read: a matcher that reads a part of the contract only
 * some builds have notes it here, and a clause that does not declare that feature has a gate gap,
 * written on its result for the self-tests (docs/writing-clauses.md); the verdict never reads it.
 */
import type { Clause } from "../contract/clause.js";
import type { Feature } from "../contract/features.js";
import { onNextTarget } from "../target-scope/next-target.js";

/** test title (as vitest names it) -> the clause it runs; filled by clause() when it declares a test */
const CLAUSE_OF_TITLE = new Map<string, Clause>();
/** test title -> the gaps noted while it ran */
const GAPS = new Map<string, Set<string>>();
/** tests running their open detail now: what it reads is observed, never judged, so it needs no gate */
const OBSERVING = new Map<string, number>();
onNextTarget(() => {
  CLAUSE_OF_TITLE.clear();
  GAPS.clear();
  OBSERVING.clear();
});

export function registerClauseTest(title: string, spec: Clause): void {
  CLAUSE_OF_TITLE.set(title, spec);
}

/** vitest's currentTestName joins describe blocks with " > "; a clause's test is its last part. */
export function ownTitle(testName: string): string {
  return testName.split(" > ").at(-1)!;
}

/**
 * `testName` (expect.getState().currentTestName) read `what`, which only builds with `feature`
 * have. Outside a clause's test (the matchers' own unit tests) nothing is noted.
 */
export function noteFeatureRead(testName: string | undefined, feature: Feature, what: string): void {
  if (testName === undefined) return;
  const title = ownTitle(testName);
  const spec = CLAUSE_OF_TITLE.get(title);
  if (spec === undefined || spec.features.includes(feature) || (OBSERVING.get(title) ?? 0) > 0) return;
  const gaps = GAPS.get(title) ?? new Set<string>();
  gaps.add(`reads ${what} without declaring the '${feature}' feature`);
  GAPS.set(title, gaps);
}

/** The gaps the test `title` noted so far (empty when its gate covers every read). */
export function gateGapsOf(title: string): string[] {
  return [...(GAPS.get(title) ?? [])].sort();
}

/**
 * Runs `check`, the open detail of the test `title`: a read there is an observation (a build
 * without the feature differs from the fake's choice, and is never failed for it), not a gap.
 */
export async function observingOpenDetail(title: string, check: () => void | Promise<void>): Promise<void> {
  OBSERVING.set(title, (OBSERVING.get(title) ?? 0) + 1);
  try {
    await check();
  } finally {
    OBSERVING.set(title, OBSERVING.get(title)! - 1);
  }
}

/** Whether the test `title` is running its open detail now. */
export function isObservingOpenDetail(title: string): boolean {
  return (OBSERVING.get(title) ?? 0) > 0;
}
