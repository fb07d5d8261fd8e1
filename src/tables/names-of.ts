/**
 * The names of a table keyed by name: an object literal `as const` whose keys are the names
 * (build features, areas, clause tags, mutants, harness bugs) and whose values say what each
 * one is. `namesOf` lists them in the table's order, typed as the table's key union;
 * `isNameOf` tells whether a string is one (own keys only: never "toString" or "__proto__").
 * A leaf: it imports nothing, so the contract layer, the fake and the harness may all use it.
 */

/** The table's names, in its order, as its key union. */
export function namesOf<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}

/** Whether `value` is one of the table's names. */
export function isNameOf<T extends object>(table: T, value: unknown): value is keyof T & string {
  return typeof value === "string" && Object.hasOwn(table, value);
}
