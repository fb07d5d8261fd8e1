/**
 * The retry rule: a clause is tried again only after an infrastructure error (./infrastructure.ts),
 * at most MAX_INFRA_RETRIES times; a pass after a retry is flaky, never plain passed. Contract
 * failures and precondition failures are final on the first attempt.
 */
import { infrastructureCause } from "./infrastructure.js";

/** retries per test (so at most 3 attempts) */
export const MAX_INFRA_RETRIES = 2;

export type AttemptResult = { ok: true } | { ok: false; error: unknown };

export interface RetryOutcome {
  result: AttemptResult;
  /** the infrastructure error of each attempt that was retried, in order */
  retried: string[];
}

/**
 * Runs `attempt` until it passes, fails for a reason that is not the infrastructure's, or the
 * budget is spent. `attempt` must clean up after itself (sessions closed, spaces closed).
 */
export async function withInfraRetries(attempt: (n: number) => Promise<AttemptResult>, budget = MAX_INFRA_RETRIES): Promise<RetryOutcome> {
  const retried: string[] = [];
  for (let n = 1; ; n++) {
    const result = await attempt(n);
    if (result.ok) return { result, retried };
    const cause = infrastructureCause(result.error);
    if (cause === undefined || retried.length >= budget) return { result, retried };
    retried.push(cause);
  }
}
