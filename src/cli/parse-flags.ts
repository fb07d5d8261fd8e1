/** Strict flag parsing for every command: an unknown or malformed flag is a usage error (exit 2). */
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { FlagTable, NumberRange } from "./options.js";
import { UsageError } from "./usage-error.js";

type ParseArgsOptions = NonNullable<ParseArgsConfig["options"]>;

/** A table's flags as parseArgs options, in types: what parseArgs needs to type the values. */
type ParseArgsOf<O extends FlagTable> = {
  -readonly [K in keyof O]: {
    type: O[K]["type"] extends "string" ? "string" : "boolean";
    multiple: O[K] extends { multiple: true } ? true : false;
    default: O[K] extends { default: infer D } ? (D extends readonly string[] ? string[] : D extends string | boolean ? D : undefined) : undefined;
  };
};

/** The table's flags as parseArgs options: type, multiple, short and default, nothing of the help. */
export function parseArgsOptions(table: FlagTable): ParseArgsOptions {
  return Object.fromEntries(
    Object.entries(table).map(([name, { type, multiple, short, default: dflt }]) => [
      name,
      { type, ...(multiple !== undefined ? { multiple } : {}), ...(short !== undefined ? { short } : {}), ...(dflt !== undefined ? { default: Array.isArray(dflt) ? [...dflt] : dflt } : {}) },
    ]),
  ) as ParseArgsOptions;
}

/** A numeric flag's value against its range: whole, in decimal digits, from min to max; else a UsageError. */
export function checkRange(name: string, value: string, range: NumberRange): void {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < range.min || n > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}, not '${value}'`);
  }
}

/** Parse argv by one command's option table (./options.ts); a numeric flag outside its range is a usage error. */
export function parseFlags<O extends FlagTable>(
  argv: string[],
  table: O,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: boolean; options: ParseArgsOf<O> }>> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals, options: parseArgsOptions(table) as ParseArgsOf<O> });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const [name, flag] of Object.entries(table)) {
    const given: unknown = (parsed.values as Record<string, unknown>)[name];
    if (flag.range === undefined || given === undefined) continue;
    for (const value of Array.isArray(given) ? given : [given]) checkRange(name, String(value), flag.range);
  }
  return parsed;
}

/** A numeric flag's value, already checked against its range by parseFlags. */
export function numberFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
