/**
 * Raw answers: a method answers with any value the test gives, once or always, in place of the
 * contract's behaviour. This is how a test reproduces a build that does something the reference
 * does not say (an ownership it does not list, a profile without `isDefault`, a `useTaskSpace`
 * that resolves `{error}`), so it is off-contract by name (`fake.offContract.answer`), and each
 * call it answers is flagged `offContract` in the call log.
 *
 * A raw answer replaces the whole binding for that call: no argument checks, no selection, no
 * browser. The one rule it keeps is the event loop's: a resolve or a reject happens on a later
 * turn, never inside the call. Set for a method, it applies to every invocation of the fake; a
 * `once` answer is used by the next call, and answers set for one method are used in order, an
 * "always" one staying in place until it is removed.
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
