/**
 * The order the self-tests' files start in: the e2e files that take longest start first, so the
 * short ones fill in around them and the run does not end on one long file with a core idle
 * (longest processing time first). vitest's own order needs its cache of the last run's durations,
 * which a fresh clone (CI) has not got: it falls back to the largest file first. Some of the
 * longest files mostly wait (bounded-waits, pending-cdp: every call of their app is late); started
 * early, their waits overlap the mutant check's CPU.
 *
 * LONGEST: every e2e file over 50 s of wall in a fresh-clone `.ci/run` (2026-12-03, 517fb5f:
 * reports/test-times.json), longest first but for persona-pages (below). A name that stops matching a file fails
 * test/support/longest-first.test.ts; a file missing from the list only starts later.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { relative } from "node:path";

export const LONGEST = [
  "test/mutants/mutants.test.ts", // 345 s
  "test/installed/process-hygiene.test.ts", // 114 s
  "test/installed/mutant-verdicts.test.ts", // 101 s
  "test/installed/bounded-waits.test.ts", // 100 s, mostly waiting
  "test/installed/launcher.test.ts", // 94 s
  // after the four above, which take about as long as the mutant check: the two files that run
  // real-pages runs side by side (three and two at once) do not overlap (persona-pages.test.ts:
  // six real-pages runs at once timed clauses out)
  "test/personas/persona-pages.test.ts", // 170 s
  "test/matrix/matrix-cli.test.ts", // 76 s
  "test/personas/persona-runs.test.ts", // 65 s
  "test/recording/recordings.test.ts", // 64 s
  "test/installed/run.test.ts", // 61 s
  "test/installed/overlap.test.ts", // 58 s
  "test/installed/pending-cdp.test.ts", // 57 s, mostly waiting
  "test/cli/run.test.ts", // 55 s
] as const;

/** `files` in vitest's order, the LONGEST of each project moved to the front of it, in LONGEST's order. */
export function longestFirst<T>(files: readonly T[], name: (file: T) => string, project: (file: T) => string): T[] {
  const rank = (f: T) => {
    const i = (LONGEST as readonly string[]).indexOf(name(f));
    return i === -1 ? LONGEST.length : i;
  };
  const at = new Map(files.map((f, i) => [f, i]));
  // the projects stay where vitest put them: only within a project does a file move
  const projectAt = new Map<string, number>();
  files.forEach((f, i) => projectAt.has(project(f)) || projectAt.set(project(f), i));
  return [...files].sort((a, b) => projectAt.get(project(a))! - projectAt.get(project(b))! || rank(a) - rank(b) || at.get(a)! - at.get(b)!);
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return longestFirst(sorted, (f) => relative(f.project.config.root, f.moduleId).split("\\").join("/"), (f) => f.project.name);
  }
}
