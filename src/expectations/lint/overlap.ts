/**
 * Two entries that cover the same clause under conditions that can both hold: the later one silently
 * wins, so the earlier one is dead or the two disagree.
 */
import { parseEgoRange, rangesOverlap } from "../../version/index.js";
import { matchesClause } from "../pattern.js";
import { describeEntry, type Conditions, type IndexedEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

function compatible<T>(a: T | undefined, b: T | undefined): boolean {
  return a === undefined || b === undefined || a === b;
}

function versionsOverlap(a: string | undefined, b: string | undefined): boolean | undefined {
  if (a === undefined || b === undefined) return true;
  try {
    return rangesOverlap(parseEgoRange(a), parseEgoRange(b));
  } catch {
    return undefined; // an invalid range is invalid-range's problem
  }
}

export function conditionsCanBothHold(a: Conditions | undefined, b: Conditions | undefined): boolean {
  return (
    compatible(a?.target, b?.target) &&
    compatible(a?.platform, b?.platform) &&
    compatible(a?.persona, b?.persona) &&
    versionsOverlap(a?.egoVersion, b?.egoVersion) === true
  );
}

export const overlap: LintCheck = (entries, { catalogue }) => {
  const covered = new Map<number, string[]>(entries.map((e) => [e.index, catalogue.filter((c) => matchesClause(e.entry.clause, c.id)).map((c) => c.id)]));
  const problems = [];
  for (const [i, a] of entries.entries()) {
    for (const b of entries.slice(i + 1)) {
      if (!conditionsCanBothHold(a.entry.when, b.entry.when)) continue;
      const shared = covered.get(a.index)!.filter((id) => covered.get(b.index)!.includes(id));
      if (shared.length === 0) continue;
      problems.push({
        check: "overlap",
        entry: b.index,
        message: `${describeEntry(b)} overlaps ${describeEntry(a as IndexedEntry)} on ${shared.length === 1 ? shared[0] : `${shared.length} clauses (${shared.slice(0, 3).join(", ")}${shared.length > 3 ? ", ..." : ""})`}: the later entry wins, narrow or merge them`,
      });
    }
  }
  return problems;
};
