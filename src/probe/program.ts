/**
 * Turns a probe function and its JSON arguments into program text that runs inside any target. The
 * in-process fake runs the same sources split in three (probeParts), so each part compiles once
 * while each call still gets a fresh scope.
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

// Under tsx (the CLI process) esbuild's keepNames wraps named functions as __name(fn, "n");
// the helper does not travel with Function.prototype.toString, so the program brings its own.
const NAME_HELPER = "  var __name = (fn) => fn;";

export function probeProgram(fn: (...args: never[]) => unknown, args: readonly Json[]): string {
  return [
    "(async function runProbe(ego) {",
    NAME_HELPER,
    `  const probe = (${RUNTIME_SOURCE})(ego);`,
    `  const fn = (${probeSource(fn)});`,
    `  return await fn(probe, ...${JSON.stringify(args)});`,
    "})",
  ].join("\n");
}

/**
 * probeProgram(fn, args) in three parts, for a target that evaluates many probes in one realm:
 * - `runtime`: evaluates to the probe runtime's scope factory (the same source probeProgram
 *   embeds); evaluate it once per realm;
 * - `probe`: evaluates to `(createScope) => async function runProbe(ego, args)`: the same probe
 *   source, given a fresh scope and a fresh closure per call; the same for every call of `fn`;
 * - `args`: the arguments' JSON literal, as probeProgram embeds it (a literal, not JSON.parse: the
 *   same values whatever the keys).
 */
export function probeParts(fn: (...args: never[]) => unknown, args: readonly Json[]): { runtime: string; probe: string; args: string } {
  return {
    runtime: RUNTIME_PROGRAM,
    probe: [
      "(function (createScope) {",
      "  return async function runProbe(ego, args) {",
      NAME_HELPER,
      "    const probe = createScope(ego);",
      `    const fn = (${probeSource(fn)});`,
      "    return await fn(probe, ...args);",
      "  };",
      "})",
    ].join("\n"),
    args: `(${JSON.stringify(args)})`,
  };
}

const RUNTIME_PROGRAM = ["(function () {", NAME_HELPER, `  return (${RUNTIME_SOURCE});`, "})()"].join("\n");

/** What crosses the target boundary is JSON; undefined becomes null at the top level. */
export function asJson(value: unknown): Json {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as Json);
}
