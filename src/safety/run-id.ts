/**
 * Which task spaces belong to which run, by name: a run's spaces are named
 * `ego-conformance <run-id> ...` (src/space-names); every other space is never touched.
 */
import { runPrefix, SPACE_NAME_PREFIX } from "../space-names/space-names.js";

/** The shape `newRunId` makes: UTC date, time, six hex digits. */
export const RUN_ID_SHAPE = /^\d{8}-\d{6}-[0-9a-f]{6}$/;

const LEFTOVER_NAME = new RegExp(`^${SPACE_NAME_PREFIX} (\\d{8}-\\d{6}-[0-9a-f]{6})(?: |$)`);

/** Whether a space name carries this run's prefix (as a whole word: run ids never prefix each other). */
export function belongsToRun(name: unknown, runId: string): boolean {
  if (typeof name !== "string") return false;
  const prefix = runPrefix(runId);
  return name === prefix || name.startsWith(`${prefix} `);
}

/** The run id a space name carries, when it has the shape the harness makes; null otherwise. */
export function runIdOfSpaceName(name: unknown): string | null {
  if (typeof name !== "string") return null;
  return LEFTOVER_NAME.exec(name)?.[1] ?? null;
}

/** When a run id of the harness's shape was made (its timestamp is UTC), or null. */
export function runIdTime(runId: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-/.exec(runId);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? null : date;
}
