/**
 * A one-line progress display on stderr (so `--json` keeps stdout clean) that counts clauses, as the
 * totals do, not vitest tests; redrawn in place on a terminal, a line every 25 clauses elsewhere.
 */
import type { Reporter, TestCase, TestModule } from "vitest/node";
import { clauseOutcome, worstOutcome } from "../outcomes/precedence.js";
import { OUTCOMES, Outcome, type ResultOutcome } from "../outcomes/statuses.js";
import { clauseById } from "../contract/catalogue.js";
import { attributedOutcome, observedBroken, type AttributionInput, type ObservedBroken } from "../outcomes/attribution.js";
import { printable, printableLines } from "../text/printable.js";

/** The environment variable that names the run's target on the line (the matrix sets it to the target's key). */
export const PROGRESS_TARGET_ENV = "EGO_CONFORMANCE_PROGRESS_TARGET";

/**
 * The environment variable that carries the clauses earlier phases of the run saw fail (an
 * installed run's [Serial] files run in a phase of their own, after the rest): a precondition
 * failure in a later phase whose owner failed before it stands there as it does in the judge,
 * which sees every phase's results (src/run/execute.ts sets it).
 */
export const EARLIER_BROKEN_ENV = "EGO_CONFORMANCE_EARLIER_BROKEN";

/** The value of EARLIER_BROKEN_ENV for `broken`: `[[clause, [answer...]]...]`. */
export function earlierBrokenEnv(broken: ObservedBroken): string {
  return JSON.stringify([...broken].map(([clause, answers]) => [clause, [...answers]]));
}

/** What EARLIER_BROKEN_ENV says (nothing when unset or unreadable: the phase's own results alone). */
export function readEarlierBroken(env: NodeJS.ProcessEnv = process.env): ObservedBroken {
  const text = env[EARLIER_BROKEN_ENV];
  const broken = new Map<string, ReadonlySet<string>>();
  if (text === undefined || text === "") return broken;
  try {
    const pairs: unknown = JSON.parse(text);
    if (!Array.isArray(pairs)) return broken;
    for (const pair of pairs) {
      if (!Array.isArray(pair) || typeof pair[0] !== "string" || !Array.isArray(pair[1])) continue;
      broken.set(pair[0], new Set((pair[1] as unknown[]).filter((a): a is string => typeof a === "string")));
    }
  } catch {
    // set by this run's CLI; unreadable, it adds nothing
  }
  return broken;
}

export interface ProgressOptions {
  /** names the target on the line ("persona:pre-error-codes"); none for a single run */
  target?: string | undefined;
  /** whether the catalogue marks a clause unspecified (default: the catalogue's own answer) */
  unspecified?: (id: string) => boolean;
  /** the clauses earlier phases of the run saw fail, with their answers (readEarlierBroken) */
  earlierBroken?: ObservedBroken;
}

function catalogueUnspecified(id: string): boolean {
  try {
    return clauseById(id).unspecified !== undefined;
  } catch {
    return false;
  }
}

declare module "vitest" {
  interface TaskMeta {
    /** the catalogue id of the clause the test implements (set by clause()) */
    clause?: string;
    /** its outcome when the vitest state alone cannot say it (set by clause()) */
    outcome?: string;
    /** for a precondition failure: the clause it names as the owner of the broken rule (set by clause()) */
    preconditionOwner?: string;
    /** for a precondition failure whose check judged one call: the kind of answer that stopped it (set by clause()) */
    preconditionAnswer?: string;
    /** for a failure: the kinds of answer its judged rule found wrong (set by clause()) */
    failedOn?: string[];
  }
}

/** `<id>[ [variant]]: <title>`, the name clause() gives a test. */
export function clauseOfTest(name: string): string {
  return /^[^\s:[]+/.exec(name)?.[0] ?? name;
}

export function outcomeOfTest(state: string, metaOutcome: string | undefined): ResultOutcome {
  const parsed = Outcome.safeParse(metaOutcome);
  if (parsed.success && parsed.data !== "unspecified") return parsed.data;
  if (state === "passed") return "passed";
  if (state === "skipped") return "not-applicable";
  return state === "failed" ? "broken" : "unknown";
}

export class ProgressReporter implements Reporter {
  /** tests still to finish, per clause */
  private readonly pending = new Map<string, number>();
  private readonly seen = new Map<string, AttributionInput[]>();
  private done = 0;
  private readonly counts = new Map<Outcome, number>();
  private readonly errors: string[] = [];
  private readonly target: string | undefined;
  private readonly unspecified: (id: string) => boolean;
  private readonly earlierBroken: ObservedBroken;

  constructor(
    private readonly stream: NodeJS.WriteStream = process.stderr,
    options: ProgressOptions = {},
  ) {
    this.target = options.target !== undefined && options.target !== "" ? options.target : undefined;
    this.unspecified = options.unspecified ?? catalogueUnspecified;
    this.earlierBroken = options.earlierBroken ?? new Map();
  }

  /** the tests of the run: a test that --grep left out is skipped at collection and is no clause of it */
  private readonly counted = new Set<string>();

  onTestModuleCollected(module: TestModule): void {
    for (const test of module.children.allTests()) {
      if (test.options.mode === "skip" || test.options.mode === "todo") continue;
      this.counted.add(test.id);
      const id = clauseOfTest(test.name);
      this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    }
  }

  onTestCaseResult(test: TestCase): void {
    if (!this.counted.has(test.id)) return;
    const id = clauseOfTest(test.name);
    const outcome = outcomeOfTest(test.result().state, test.meta().outcome);
    const results = [...(this.seen.get(id) ?? []), { clause: id, outcome, owner: test.meta().preconditionOwner, answer: test.meta().preconditionAnswer, failedOn: test.meta().failedOn }];
    this.seen.set(id, results);
    const left = (this.pending.get(id) ?? 1) - 1;
    this.pending.set(id, left);
    if (left > 0) return;
    // counted as the totals count it: an unspecified clause that passed is an observation
    const counted = clauseOutcome(worstOutcome(results.map((r) => r.outcome)), this.unspecified(id));
    this.counts.set(counted, (this.counts.get(counted) ?? 0) + 1);
    this.done += 1;
    if (this.stream.isTTY) this.stream.write(`\r${this.line()}\u001b[K`);
    else if (this.done % 25 === 0) this.stream.write(`${this.line()}\n`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<{ message?: string }>): void {
    for (const error of unhandled) this.errors.push(error.message ?? String(error));
    this.attribute();
    this.stream.write(`${this.stream.isTTY ? "\r" : ""}${this.line()} done${this.stream.isTTY ? "\u001b[K" : ""}\n`);
    for (const error of this.errors) this.stream.write(`harness error outside any clause: ${printableLines(error)}\n`);
  }

  /**
   * The last line counts as the run's judgement does (src/run/judge.ts): a precondition failure
   * its owner's failures in the run do not account for is broken, not attributed (src/outcomes/attribution.ts).
   * The lines before it count as the results come in.
   */
  private attribute(): void {
    // the run's failures so far: this phase's and the earlier phases' (the judge sees them all)
    const broken = observedBroken([...this.seen.values()].flat());
    for (const [clause, answers] of this.earlierBroken) broken.set(clause, new Set([...(broken.get(clause) ?? []), ...answers]));
    this.counts.clear();
    for (const [id, results] of this.seen) {
      if ((this.pending.get(id) ?? 0) > 0) continue;
      const counted = clauseOutcome(worstOutcome(results.map((r) => attributedOutcome(r, broken))), this.unspecified(id));
      this.counts.set(counted, (this.counts.get(counted) ?? 0) + 1);
    }
  }

  private line(): string {
    return progressLine(this.target, this.done, Math.max(this.pending.size, this.done), this.counts);
  }
}

/**
 * One progress line: `conformance [TARGET] [CLAUSE] [DONE/TOTAL clauses] passed P, failed F[, OUTCOME N...]`.
 * The vitest phases print it as their clauses end; the run prints one more for the clause it
 * judges itself after them (safety.user-spaces.unchanged, src/run/execute.ts), so the lines'
 * last counts add up to the run's totals. That line names its clause (`clause`), since an
 * installed run's [Serial] phase may also count one clause just before it.
 */
export function progressLine(target: string | undefined, done: number, total: number, counts: ReadonlyMap<Outcome, number>, clause?: string): string {
  const n = (o: Outcome) => counts.get(o) ?? 0;
  const others = OUTCOMES.filter((o) => o !== "passed" && o !== "failed" && n(o) > 0).map((o) => `${o.replace("-", " ")} ${n(o)}`);
  const named = [target, clause].filter((s): s is string => s !== undefined && s !== "").map((s) => ` ${printable(s)}`).join("");
  return `conformance${named} [${done}/${total} clauses] passed ${n("passed")}, failed ${n("failed")}${others.map((o) => `, ${o}`).join("")}`;
}
