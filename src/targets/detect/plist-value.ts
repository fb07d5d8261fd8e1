/**
 * The values a property list can hold, as both readers (XML and binary) return them.
 * Integers that do not fit a JS number exactly come back as bigint.
 */
import { namedError } from "../../errors/named-error.js";
export type PlistValue =
  | string
  | number
  | bigint
  | boolean
  | Date
  | Uint8Array
  | null
  | PlistValue[]
  | PlistDict;

export interface PlistDict {
  [key: string]: PlistValue;
}

/** A property list that cannot be read: says where and why. */
export class PlistError extends namedError("PlistError") {}

export function isPlistDict(value: PlistValue | undefined): value is PlistDict {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array);
}
