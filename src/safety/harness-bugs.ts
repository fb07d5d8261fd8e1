/**
 * Deliberate harness bugs, for testing that the safety checks catch them (the harness-side twin
 * of fake-bridge/mutants). Never used outside tests: `run --harness-bug NAME`.
 *
 * - `cleanup-claims-user-space`: run cleanup "forgets" its prefix filter for one space and claims
 *   the first space that is not the run's (a user's Space becomes agent-owned). The invariance
 *   clause must fail and attach the diff.
 */
import type { Session } from "../targets/target.js";
import type { ListedSpace } from "./listed-space.js";
import { belongsToRun } from "./run-id.js";
import { isNameOf, namesOf } from "../tables/names-of.js";

export const HARNESS_BUGS = {
  "cleanup-claims-user-space": "run cleanup claims the first space that is not the run's",
} as const;
export type HarnessBug = keyof typeof HARNESS_BUGS;
export const HARNESS_BUG_NAMES: HarnessBug[] = namesOf(HARNESS_BUGS);

export function isHarnessBug(name: string): name is HarnessBug {
  return isNameOf(HARNESS_BUGS, name);
}

/** Do the bug: returns what it touched (null when there was nothing to touch). */
export async function commitHarnessBug(bug: HarnessBug, session: Session, spaces: readonly ListedSpace[], runId: string): Promise<string | null> {
  switch (bug) {
    case "cleanup-claims-user-space": {
      const victim = spaces.find((s) => !belongsToRun(s.name, runId));
      if (!victim) return null;
      await session.evaluate(async (p, id) => p.ego.claimTaskSpace(id as number), victim.id);
      return `claimed ${JSON.stringify(victim.name)} (id ${JSON.stringify(victim.id)})`;
    }
  }
}
