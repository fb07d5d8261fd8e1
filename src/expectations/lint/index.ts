/**
 * `expectations lint`: every check over a file's entries (test262 style: one check per module).
 * The validity checks are also what the loader runs before a run uses the file.
 */
import { expired } from "./expired.js";
import { invalidBug } from "./invalid-bug.js";
import { invalidDate } from "./invalid-date.js";
import { invalidPattern } from "./invalid-pattern.js";
import { invalidRange } from "./invalid-range.js";
import { orphan } from "./orphan.js";
import { overlap } from "./overlap.js";
import type { LintCheck, LintContext, LintProblem } from "./problem.js";
import { unknownPersona } from "./unknown-persona.js";
import { unreviewed } from "./unreviewed.js";
import type { IndexedEntry } from "../schema.js";

/** Values a run cannot use: the loader refuses a file with any of these. */
export const VALIDITY_CHECKS: readonly LintCheck[] = [invalidPattern, invalidRange, invalidDate, invalidBug, unknownPersona];
/** Entries a run can use but a maintained file must not have. */
export const HYGIENE_CHECKS: readonly LintCheck[] = [expired, orphan, overlap, unreviewed];

export function runChecks(checks: readonly LintCheck[], entries: readonly IndexedEntry[], context: LintContext): LintProblem[] {
  return checks.flatMap((check) => check(entries, context)).sort((a, b) => (a.entry ?? -1) - (b.entry ?? -1));
}

export function lintEntries(entries: readonly IndexedEntry[], context: LintContext): LintProblem[] {
  return runChecks([...VALIDITY_CHECKS, ...HYGIENE_CHECKS], entries, context);
}

export { renderProblem, type LintCheck, type LintContext, type LintProblem } from "./problem.js";
