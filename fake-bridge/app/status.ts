/**
 * Status strings of task-scoped calls, from the documented templates in src/contract/methods.ts
 * (`statusFor`). Builds before numeric ids have no numeric id to print: they name the space.
 */
import { METHODS, statusFor, type MethodName } from "../../src/contract/methods.js";
import type { TaskSpace } from "./task-space.js";

/** How messages name a space: its numeric id, or its name before numeric ids existed. */
export function spaceLabel(space: TaskSpace, numericIds: boolean): string {
  return numericIds ? String(space.id) : space.name;
}

export function statusText(method: MethodName, space: TaskSpace, numericIds: boolean): string {
  const text = numericIds ? statusFor(method, space.id) : METHODS[method].status?.replace("<id>", space.name);
  if (text === undefined) throw new Error(`fake bridge: ${method} has no documented status string`);
  return text;
}
