/** `expires` is a calendar date, YYYY-MM-DD. */
import { isCalendarDate } from "../dates.js";
import { describeEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const invalidDate: LintCheck = (entries) =>
  entries.flatMap((e) =>
    isCalendarDate(e.entry.expires) ? [] : [{ check: "invalid-date", entry: e.index, message: `${describeEntry(e)}: expires '${e.entry.expires}' is not a date (YYYY-MM-DD)` }],
  );
