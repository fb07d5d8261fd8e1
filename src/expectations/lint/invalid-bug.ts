/** `bug` is an http(s) URL, or the TODO a generated entry carries until a human files one. */
import { describeEntry, TODO_BUG } from "../schema.js";
import type { LintCheck } from "./problem.js";

export function isBugLink(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

export const invalidBug: LintCheck = (entries) =>
  entries.flatMap((e) =>
    e.entry.bug === TODO_BUG || isBugLink(e.entry.bug) ? [] : [{ check: "invalid-bug", entry: e.index, message: `${describeEntry(e)}: bug '${e.entry.bug}' is not an http(s) URL` }],
  );
