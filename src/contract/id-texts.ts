/**
 * The documented texts that carry a task space's numeric id, with `<id>` where it goes, so a
 * recording replaces an id only where one of them carries it: a number elsewhere is not an id.
 */
import { METHOD_NAMES, METHODS } from "./methods.js";

export const NOT_FOUND_MESSAGE = "Task space not found: <id>";

/** Native messages that name the task space's id (research 1.3; their wording is not contract). */
export const ID_MESSAGES: readonly string[] = [NOT_FOUND_MESSAGE, "Task space <id> is not assigned to an agent.", "The task space is inactive: <id>"];

/**
 * Every documented text with a task-space id in it: the status strings (./methods.ts `status`; the
 * reference: "Browser-side operation messages now identify task spaces by numeric id"), then the messages.
 */
export const ID_TEXTS: readonly string[] = [...METHOD_NAMES.flatMap((m) => (METHODS[m].status !== undefined ? [METHODS[m].status] : [])), ...ID_MESSAGES];

/** "Task space not found: <id>" for `id` (the lookup key: the numeric id, or the name on builds before numeric ids). */
export function notFoundMessage(id: number | string): string {
  return NOT_FOUND_MESSAGE.replace("<id>", String(id));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Each text as a pattern matching its id alone: a whole number where the text puts `<id>`, the text's words on either side. */
const ID_TEXT_PATTERNS: readonly RegExp[] = ID_TEXTS.map((t) => {
  const [before, after] = t.split("<id>").map(escapeRegExp) as [string, string];
  return new RegExp(`${before ? `(?<=${before})` : "(?<![\\w.])"}\\d+(?!\\d)(?=${after})`, "g");
});

/**
 * `text` with each task-space id a documented text carries replaced by `replace(id)`; every
 * other part of it as it was.
 */
export function replaceIdsInTexts(text: string, replace: (id: string) => string): string {
  let out = text;
  for (const pattern of ID_TEXT_PATTERNS) out = out.replace(pattern, (id) => replace(id));
  return out;
}
