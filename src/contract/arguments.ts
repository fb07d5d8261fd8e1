/**
 * Argument values as data. Probes travel as source text plus JSON, so values JSON cannot carry
 * (undefined, NaN, a function) and values only known at run time (a space this run created)
 * are encoded as `{ $: tag }` and decoded inside the target by the probe runtime.
 */
export const SPECIAL_ARGS = [
  "undefined",
  "NaN",
  "Infinity",
  "function",
  /** the numeric id of a task space this run created (never anyone else's) */
  "ownSpaceId",
  /** a fresh task-space name carrying this run's prefix */
  "spaceName",
] as const;
export type SpecialArg = (typeof SPECIAL_ARGS)[number];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Arg = Json | { $: SpecialArg };

export const special = (tag: SpecialArg): Arg => ({ $: tag });

export function isSpecialArg(value: unknown): value is { $: SpecialArg } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    (SPECIAL_ARGS as readonly string[]).includes((value as { $?: unknown }).$ as string)
  );
}

/** Human-readable rendering of an argument list, for test titles and report parameters. */
export function formatArgs(args: readonly Arg[]): string {
  return args
    .map((a) => (isSpecialArg(a) ? (a.$ === "undefined" || a.$ === "NaN" || a.$ === "Infinity" ? a.$ : a.$ === "function" ? "() => {}" : `<${a.$}>`) : JSON.stringify(a)))
    .join(", ");
}
