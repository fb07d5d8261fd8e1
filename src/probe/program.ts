/**
 * Turns a probe function and its JSON arguments into program text that runs inside any target:
 * `(async function (ego) { ... })`. The same text is evaluated in-process by the fake target and
 * embedded in the script an `ego-browser nodejs` process runs.
 */
import type { Json } from "../contract/arguments.js";
import { createProbeScope } from "./runtime.js";
import { namedError } from "../errors/named-error.js";

const RUNTIME_SOURCE = createProbeScope.toString();

export class ProbeSourceError extends namedError("ProbeSourceError") {}

/** A probe must be an arrow or function expression: method shorthand does not survive toString(). */
export function probeSource(fn: (...args: never[]) => unknown): string {
  const source = fn.toString().trim();
  // `async\s*`: under tsx (the CLI) esbuild prints `async(p)=>...` without a space.
  const isExpression = /^(async\s*)?(function\b|\(|[A-Za-z_$][\w$]*\s*=>)/.test(source);
  if (!isExpression) throw new ProbeSourceError(`a probe must be an arrow or function expression, got: ${source.slice(0, 80)}`);
  return source;
}

export function probeProgram(fn: (...args: never[]) => unknown, args: readonly Json[]): string {
  return [
    "(async function runProbe(ego) {",
    // Under tsx (the CLI process) esbuild's keepNames wraps named functions as __name(fn, "n");
    // the helper does not travel with Function.prototype.toString, so the program brings its own.
    "  var __name = (fn) => fn;",
    `  const probe = (${RUNTIME_SOURCE})(ego);`,
    `  const fn = (${probeSource(fn)});`,
    `  return await fn(probe, ...${JSON.stringify(args)});`,
    "})",
  ].join("\n");
}

/** What crosses the target boundary is JSON; undefined becomes null at the top level. */
export function asJson(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}
