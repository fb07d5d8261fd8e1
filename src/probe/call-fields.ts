/**
 * What the recording keeps of one call's value: its shape (types and keys, never data) and its
 * documented fields, read from the contract's schemas as judged `fields` or free `text`.
 */
import type { z } from "zod";
import type { Json } from "../contract/arguments.js";
import type { CallEntry } from "../contract/call-log.js";
import { FAILURE_SHAPE, successShape } from "../contract/result-schemas.js";

export type FieldValues = Record<string, Json>;

const SHAPE_DEPTH = 4;

/** Types and keys of a JSON value: arrays as the distinct shapes of their items. */
export function shapeOf(value: unknown, depth = 0): Json {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (Array.isArray(value)) {
    if (depth >= SHAPE_DEPTH) return ["..."];
    const items = new Map<string, Json>();
    for (const item of value) {
      const s = shapeOf(item, depth + 1);
      items.set(JSON.stringify(s), s);
    }
    return [...items.values()];
  }
  if (typeof value === "object") {
    if (depth >= SHAPE_DEPTH) return { "...": "object" };
    const out: Record<string, Json> = {};
    for (const key of Object.keys(value).sort()) out[key] = shapeOf((value as Record<string, unknown>)[key], depth + 1);
    return out;
  }
  return typeof value;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  checks?: unknown[];
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Walks `value` along `schema`, putting each documented leaf at its path (`tabs[0].url`). */
function collect(schema: z.ZodType, value: unknown, path: string, out: { fields: FieldValues; text: FieldValues }): void {
  const def = defOf(schema);
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") return value === undefined ? undefined : collect(def.innerType!, value, path, out);
  if (def.type === "object") {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, child] of Object.entries(def.shape ?? {})) {
      if (key in value) collect(child, (value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, out);
    }
    return;
  }
  if (def.type === "array") {
    if (!Array.isArray(value)) return;
    value.forEach((item, i) => collect(def.element!, item, `${path}[${i}]`, out));
    return;
  }
  if (value !== null && typeof value === "object") return;
  const free = def.type === "string" && !(def.checks?.length);
  (free ? out.text : out.fields)[path || "value"] = value === undefined ? null : (value as Json);
}

function cdpFields(value: unknown): FieldValues {
  let message = value;
  if (typeof value === "string") {
    try {
      message = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (message === null || typeof message !== "object") return {};
  const m = message as { id?: unknown; error?: { code?: unknown } };
  const out: FieldValues = {};
  if (typeof m.id === "number") out.id = m.id;
  if (m.error && typeof m.error.code === "number") out["error.code"] = m.error.code;
  return out;
}

/** The thrown or rejected error as the probe described it: the parts the contract speaks of. */
function errorFields(value: unknown): { fields: FieldValues; text: FieldValues } {
  const e = (value ?? {}) as { isError?: boolean; isTypeError?: boolean; errorCodeIsOwn?: boolean; error_code?: Json; message?: string; name?: string };
  const fields: FieldValues = {};
  for (const key of ["isError", "isTypeError", "errorCodeIsOwn", "error_code"] as const) if (e[key] !== undefined) fields[key] = e[key] as Json;
  const text: FieldValues = {};
  if (typeof e.message === "string") text.message = e.message;
  if (typeof e.name === "string") text.name = e.name;
  return { fields, text };
}

export interface CallValue {
  shape: Json;
  fields: FieldValues;
  text: FieldValues;
}

/** The shape and documented fields of a settled call's value (nothing of a pending one). */
export function callValue(entry: CallEntry): CallValue {
  const { channel, value } = entry;
  if (channel === "pending") return { shape: "pending", fields: {}, text: {} };
  if (channel === "threw" || channel === "rejected") return { shape: "error", ...errorFields(value) };
  if (channel === "error-callback") {
    const [message, code] = (Array.isArray(value) ? value : []) as Json[];
    return { shape: shapeOf(value), fields: code === undefined || code === null ? {} : { error_code: code }, text: typeof message === "string" ? { message } : {} };
  }
  if (entry.method === "sendCDPMessage") return { shape: channel === "cdp-answer" ? shapeOf(typeof value === "string" ? safeParse(value) : value) : shapeOf(value), fields: cdpFields(value), text: {} };
  const schema = entry.failed ? FAILURE_SHAPE : successShape(entry.method);
  const out = { fields: {} as FieldValues, text: {} as FieldValues };
  if (schema) collect(schema, value, "", out);
  return { shape: shapeOf(value), ...out };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
