/**
 * Close spaces one per probe, each in its own session with its own bound, so on a slow browser one
 * space that does not close is reported and the next one still gets its full time.
 */
import type { Json } from "../contract/arguments.js";
import type { Target } from "../targets/target.js";
import { closeOwnSpaces, type CloseOutcome, type SpaceToClose } from "./close-own-spaces.js";

export interface ClosedOne {
  id: Json;
  name: string;
  /** closed: no longer listed; skipped: not acted on (gone, or listed under another name); failed: see problem */
  result: "closed" | "skipped" | "failed";
  problem?: string;
}

export interface CloseOneByOneOptions {
  /** bound on polling each close until it is no longer listed (default 5000 ms) */
  boundMs?: number;
  pollMs?: number;
  /** called after each space, for progress */
  onEach?: (each: ClosedOne) => void;
  /**
   * The run's bound on closes that do not settle, shared by every call of the run: each space's
   * wait is cut to what is left of it, and what a space waited without settling is taken from it.
   * Once it is spent, a close is still asked for but not waited on.
   */
  budget?: CloseBudget;
}

export interface CloseBudget {
  readonly totalMs: number;
  remainingMs: number;
}

export function closeBudget(totalMs: number): CloseBudget {
  return { totalMs, remainingMs: totalMs };
}

/** A space's wait on its close: its own bound, cut to what is left of the budget. */
export function boundWithin(boundMs: number, budget: CloseBudget | undefined): number {
  return Math.max(0, Math.min(boundMs, budget ? budget.remainingMs : Infinity));
}

/**
 * Takes from the budget what a close waited without settling (a close that settled costs it
 * nothing); once it is spent, the outcome says so.
 */
export function chargeBudget(budget: CloseBudget | undefined, boundMs: number, startedAt: number, outcome: CloseOutcome): void {
  if (budget === undefined || !outcome.problems.some((p) => p.startsWith("still listed"))) return;
  budget.remainingMs = Math.max(0, budget.remainingMs - Math.min(boundMs, Date.now() - startedAt));
  if (budget.remainingMs === 0) outcome.problems.push(`the run's bound on closes that do not settle (${budget.totalMs} ms) is spent: later closes are asked for, not waited on`);
}

export async function closeOneByOne(target: Target, spaces: readonly SpaceToClose[], options: CloseOneByOneOptions = {}): Promise<ClosedOne[]> {
  const out: ClosedOne[] = [];
  for (const space of spaces) {
    let each: ClosedOne;
    try {
      const session = await target.openSession();
      let outcome: CloseOutcome;
      const boundMs = boundWithin(options.boundMs ?? 5000, options.budget);
      const started = Date.now();
      try {
        outcome = await closeOwnSpaces(session, [space], { boundMs, pollMs: options.pollMs ?? 50 });
      } finally {
        await session.close().catch(() => undefined);
      }
      chargeBudget(options.budget, boundMs, started, outcome);
      if (outcome.problems.length) each = { ...space, result: "failed", problem: outcome.problems.join("; ") };
      else if (outcome.skipped.length) each = { ...space, result: "skipped", problem: outcome.skipped.map((s) => s.reason).join("; ") };
      else each = { ...space, result: "closed" };
    } catch (error) {
      each = { ...space, result: "failed", problem: error instanceof Error ? error.message.split("\n")[0]! : String(error) };
    }
    out.push(each);
    options.onEach?.(each);
  }
  return out;
}

/** The per-space results as one CloseOutcome (for reports that count). */
export function asOutcome(each: readonly ClosedOne[]): CloseOutcome {
  return {
    closed: each.filter((e) => e.result === "closed").map((e) => e.id),
    skipped: each.filter((e) => e.result === "skipped").map((e) => ({ id: e.id, reason: e.problem ?? "" })),
    problems: each.filter((e) => e.result === "failed").map((e) => `close ${JSON.stringify(e.id)} (${JSON.stringify(e.name)}): ${e.problem ?? "failed"}`),
  };
}
