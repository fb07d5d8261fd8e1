/**
 * Deliberate harness bugs, to prove the safety checks catch them (the harness-side twin of the
 * fake's mutants); a test sets EGO_CONFORMANCE_HARNESS_BUG, no user flag can.
 */
import type { Session } from "../targets/target.js";
import type { ListedSpace } from "./listed-space.js";
import { belongsToRun } from "./run-id.js";
import { isNameOf, namesOf } from "../tables/names-of.js";

export const HARNESS_BUGS = {
  "cleanup-claims-user-space": "run cleanup claims the first space that is not the run's",
} as const;
export type HarnessBug = keyof typeof HARNESS_BUGS;

/** The variable a self-test sets to make the run's cleanup commit these bugs. */
export const HARNESS_BUG_ENV = "EGO_CONFORMANCE_HARNESS_BUG";

/** The bugs the environment asks for (none when the variable is unset or empty). */
export function harnessBugsIn(env: NodeJS.ProcessEnv): HarnessBug[] {
  const names = (env[HARNESS_BUG_ENV] ?? "").split(",").filter((n) => n !== "");
  for (const name of names) {
    if (!isNameOf(HARNESS_BUGS, name)) throw new Error(`unknown harness bug '${name}' in ${HARNESS_BUG_ENV} (known: ${namesOf(HARNESS_BUGS).join(", ")})`);
  }
  return names as HarnessBug[];
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
