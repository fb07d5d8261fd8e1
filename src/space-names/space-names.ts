/**
 * What the harness names its task spaces: `ego-conformance <run-id> <clause-id> ...`. The run's
 * prefix is how safety tells the run's spaces from anyone else's, and what a recording keeps.
 */

export const SPACE_NAME_PREFIX = "ego-conformance";

/** `ego-conformance <run-id>`: what every space name of that run starts with. */
export function runPrefix(runId: string): string {
  return `${SPACE_NAME_PREFIX} ${runId}`;
}

/** `ego-conformance <run-id> <clause-id>`: what every space name of that clause starts with. */
export function clausePrefix(runId: string, clauseId: string): string {
  return `${runPrefix(runId)} ${clauseId}`;
}
