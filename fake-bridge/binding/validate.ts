/**
 * The one argument validator: every method's call is checked against its parameter rules
 * (./params.ts), in this order:
 * 1. more arguments than parameters -> "extra arguments". The count is `arguments.length`, so an
 *    explicit trailing `undefined` beyond the parameters is an extra argument (research Q2:
 *    older builds reject `createTaskSpace(name, undefined)`; the native side counts arguments);
 * 2. a required parameter that is missing or `undefined`;
 * 3. a value the parameter does not accept. An explicit `undefined` for an optional parameter
 *    counts as omitted.
 * The doc states the extra-argument rule for most methods and leaves it unspecified for
 * createTab, snapshot, listTabs, getBrowserVersion and sendCDPMessage; the fake applies it to all
 * (choice, clause arguments.*.extra-argument, research Q2).
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
