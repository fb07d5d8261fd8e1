/**
 * The clauses a run could not judge because of this harness's environment (no operator, no real
 * pages, ...), grouped by reason with the command that judges them: the gate lists them and never
 * blocks on them.
 */
import { notApplicableFix, notJudgedHere } from "../outcomes/not-applicable.js";
import type { RunOutcomes } from "./outcomes-file.js";

export interface NotJudgedGroup {
  /** the `not_applicable` key */
  key: string;
  /** what the clauses need ("a person at the browser (an operator)") */
  need: string;
  /** what judges them */
  command: string;
  clauses: string[];
}

export function notJudgedGroups(current: RunOutcomes): NotJudgedGroup[] {
  const groups = new Map<string, string[]>();
  for (const [id, outcome] of Object.entries(current.clauses)) {
    if (outcome.status !== "not-applicable" || !notJudgedHere(outcome.notApplicable)) continue;
    const key = outcome.notApplicable!;
    groups.set(key, [...(groups.get(key) ?? []), id]);
  }
  return [...groups.keys()].sort().map((key) => {
    // the command that judges them depends on the target: a fake app on an installed target is restarted, not given Chromium
    const fix = notApplicableFix(key, current.target)!;
    return { key, need: fix.need, command: fix.fix, clauses: groups.get(key)!.sort() };
  });
}
