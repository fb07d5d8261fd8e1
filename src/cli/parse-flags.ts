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

/** A flag's values with its `choices` as their type: parseFlags has refused any other. */
type ChoiceValues<O extends FlagTable, V> = {
  [K in keyof V]: K extends keyof O ? (O[K] extends { choices: readonly (infer C)[] } ? (O[K] extends { multiple: true } ? C[] : C) | Exclude<V[K], string | string[]> : V[K]) : V[K];
};

/** `a or b`, `a, b or c`. */
function oneOf(choices: readonly string[]): string {
  return choices.length < 2 ? choices.join("") : `${choices.slice(0, -1).join(", ")} or ${choices.at(-1)!}`;
}

/** A numeric flag's value against its range: whole, in decimal digits, from min to max; else a UsageError. */
export function checkRange(name: string, value: string, range: NumberRange): void {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < range.min || n > range.max) {
    throw new UsageError(`--${name} must be a whole number from ${range.min} to ${range.max}, not '${value}'`);
  }
}

type Parsed<O extends FlagTable> = ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: boolean; options: ParseArgsOf<O> }>>;

/** Parse argv by one command's option table (./options.ts); a numeric flag outside its range, or a value not among its choices, is a usage error. */
export function parseFlags<O extends FlagTable>(argv: string[], table: O, allowPositionals = false): Omit<Parsed<O>, "values"> & { values: ChoiceValues<O, Parsed<O>["values"]> } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals, options: parseArgsOptions(table) as ParseArgsOf<O> });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  for (const [name, flag] of Object.entries(table)) {
    const given: unknown = (parsed.values as Record<string, unknown>)[name];
    if (given === undefined) continue;
    for (const value of Array.isArray(given) ? given : [given]) {
      if (flag.range !== undefined) checkRange(name, String(value), flag.range);
      if (flag.choices !== undefined && !flag.choices.includes(String(value))) throw new UsageError(`--${name} must be ${oneOf(flag.choices)}, not '${String(value)}'`);
    }
  }
  // the choices were checked above: that is what narrows the values' type
  return parsed as Omit<Parsed<O>, "values"> & { values: ChoiceValues<O, Parsed<O>["values"]> };
}

/** A numeric flag's value, already checked against its range by parseFlags. */
export function numberFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
