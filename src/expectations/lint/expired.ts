/** An entry past its `expires` day no longer holds: renew it (new date, reason) or remove it. */
import { isCalendarDate, isExpired } from "../dates.js";
import { describeEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const expired: LintCheck = (entries, { today }) =>
  entries.flatMap((e) =>
    isCalendarDate(e.entry.expires) && isExpired(e.entry.expires, today)
      ? [{ check: "expired", entry: e.index, message: `${describeEntry(e)}: expired on ${e.entry.expires} (owner ${e.entry.owner}, ${e.entry.bug}): renew or remove it` }]
      : [],
  );
