/** Rewrites every string of a JSON value (keys kept): the one walk privacy and normalisation share. */
import type { Json } from "../contract/arguments.js";

export function mapStrings(value: Json, fn: (text: string) => Json): Json {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

/** Every leaf of a JSON value, with its path. */
export function leaves(value: Json, path = ""): [string, Json][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [[path, value]];
}
