/**
 * The one argument validator: extra arguments (counted by `arguments.length`, as the native side
 * counts them), then missing, then unacceptable values. The fake applies the extra-argument rule to
 * every method, also where the doc leaves it unspecified (research Q2).
 */
import type { MethodName } from "../../src/contract/methods.js";
import { ArgumentProblem } from "./argument-problem.js";
import type { ParamRule } from "./params.js";

const plural = (n: number) => `${n} argument${n === 1 ? "" : "s"}`;

/** The first problem with the call, or undefined when the arguments match the rules. */
export function argumentProblem(rules: readonly ParamRule[], args: readonly unknown[]): string | undefined {
  if (args.length > rules.length) {
    return rules.length === 0 ? `takes no arguments, got ${plural(args.length)}` : `takes at most ${plural(rules.length)}, got ${args.length}`;
  }
  for (const [i, rule] of rules.entries()) {
    const value = args[i];
    if (value === undefined) {
      if (rule.optional) continue;
      return `missing required argument '${rule.name}'`;
    }
    if (!rule.accepts(value)) return `argument '${rule.name}' must be ${rule.expected}`;
  }
  return undefined;
}

/** Throws an ArgumentProblem when the call does not match the rules. */
export function checkArguments(method: MethodName, rules: readonly ParamRule[], args: readonly unknown[]): void {
  const problem = argumentProblem(rules, args);
  if (problem !== undefined) throw new ArgumentProblem(method, problem);
}
