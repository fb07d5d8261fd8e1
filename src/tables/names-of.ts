/**
 * The names of a table keyed by name (an object literal `as const`), typed as its key union, and
 * whether a string is one (own keys only). A leaf that imports nothing, so every layer may use it.
 */

/** The table's names, in its order, as its key union. */
export function namesOf<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}

/** Whether `value` is one of the table's names. */
export function isNameOf<T extends object>(table: T, value: unknown): value is keyof T & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}
