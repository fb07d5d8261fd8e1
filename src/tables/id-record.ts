/**
 * Tables keyed by ids that come from files: "__proto__" or "constructor" must be an entry like any
 * other, so these records have no prototype and lookups read own entries only.
 */
import { z } from "zod";

/** An empty record with no prototype: every key, "__proto__" too, is an own entry. */
export function idRecord<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** The record's own entry at `key`, never one inherited from a prototype. */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A zod schema for an object keyed by id (z.record would drop "__proto__"): each value is parsed
 * by `value`, problems are reported at their key, and the result is an idRecord.
 */
export function idRecordSchema<T extends z.ZodType>(value: T) {
  return z
    .custom<Record<string, unknown>>((raw) => typeof raw === "object" && raw !== null && !Array.isArray(raw), { message: "expected an object keyed by id" })
    .transform((raw, ctx) => {
      const out = idRecord<z.output<T>>();
      for (const key of Object.keys(raw)) {
        const parsed = value.safeParse(Object.getOwnPropertyDescriptor(raw, key)?.value);
        if (parsed.success) out[key] = parsed.data;
        else for (const issue of parsed.error.issues) ctx.issues.push({ code: "custom", message: issue.message, input: issue.input, path: [key, ...issue.path] });
      }
      return out;
    });
}
