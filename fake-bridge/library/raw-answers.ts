/**
 * Raw answers: a method answers with any value the test gives, in place of the contract's behaviour, to
 * reproduce a build that does what the reference does not say. Off-contract by name and flagged in the
 * call log; only the event-loop rule still holds.
 */
import { METHODS, METHOD_NAMES, type MethodName } from "../../src/contract/methods.js";
import type { CallChannel } from "./call-log.js";
import { nextTurn } from "../binding/event-loop.js";

/** How the call gives the value back: returns it, throws it, or a Promise resolves or rejects with it. */
export type RawChannel = "return" | "throw" | "resolve" | "reject";

export interface RawAnswerOptions {
  /** answer the next call only (default: every call, until removed) */
  once?: boolean;
  /** default: `return` for a synchronous method (useTaskSpace, sendCDPMessage), `resolve` for the others */
  as?: RawChannel;
}

interface RawAnswer {
  value: unknown;
  once: boolean;
  as: RawChannel;
}

/** The call log's channel for each way of answering. */
export const RAW_CHANNEL_LOGGED: Record<RawChannel, CallChannel> = { return: "returned", throw: "threw", resolve: "resolved", reject: "rejected" };

const RAW_CHANNELS = Object.keys(RAW_CHANNEL_LOGGED) as RawChannel[];

export class RawAnswers {
  private readonly answers = new Map<MethodName, RawAnswer[]>();

  /** Sets a raw answer for `method`; returns a function that removes it. */
  answer(method: MethodName, value: unknown, options: RawAnswerOptions = {}): () => void {
    if (!(METHOD_NAMES as readonly string[]).includes(method)) throw new Error(`offContract.answer: ${String(method)} is not a method of the surface (${METHOD_NAMES.join(", ")})`);
    const as = options.as ?? (METHODS[method].kind === "sync" ? "return" : "resolve");
    if (!RAW_CHANNELS.includes(as)) throw new Error(`offContract.answer: as must be one of ${RAW_CHANNELS.join(", ")}`);
    const answer: RawAnswer = { value, once: options.once ?? false, as };
    const list = this.answers.get(method) ?? [];
    list.push(answer);
    this.answers.set(method, list);
    return () => {
      const i = list.indexOf(answer);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** The answer for this call of `method`, if one is set (a `once` answer is used up). */
  take(method: MethodName): { value: unknown; as: RawChannel } | undefined {
    const list = this.answers.get(method);
    const answer = list?.[0];
    if (answer === undefined) return undefined;
    if (answer.once) list!.shift();
    return { value: answer.value, as: answer.as };
  }

  /** How many answers are set (once ones not used yet, and always ones). */
  get size(): number {
    let n = 0;
    for (const list of this.answers.values()) n += list.length;
    return n;
  }
}

/**
 * What the call gives back for a raw answer. `settleNow` logs a return or a throw as it happens;
 * `settle` logs a resolve or a reject on its later turn, and the caller sees it once the Promise
 * `settle` gives (the settle hooks) is done.
 */
export function giveRawAnswer(answer: { value: unknown; as: RawChannel }, settleNow: () => void, settle: () => Promise<void>): unknown {
  const { value, as } = answer;
  if (as === "return" || as === "throw") {
    settleNow();
    if (as === "throw") throw value;
    return value;
  }
  return new Promise((resolve, reject) => {
    nextTurn(() => {
      void settle().then(() => (as === "resolve" ? resolve(value) : reject(value)));
    });
  });
}
