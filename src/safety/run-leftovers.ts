/**
 * Choosing a run's spaces by name, for its cleanup. Pure: the listing comes in, the spaces to
 * close go out; nothing outside the run's prefix is ever chosen (sweep proves ownership on the
 * run ledger instead: ./proven-ours.ts).
 */
import { belongsToRun } from "./run-id.js";
import type { ListedSpace } from "./listed-space.js";
import type { SpaceToClose } from "./close-own-spaces.js";

/** The spaces of run `runId` in a listing. */
export function leftoversOfRun(spaces: readonly ListedSpace[], runId: string): SpaceToClose[] {
  return spaces.filter((s) => belongsToRun(s.name, runId)).map((s) => ({ id: s.id, name: s.name as string }));
}
