/** An entry written by `run --update-expectations --write` needs a human: an owner and a bug. */
import { describeEntry, TODO_BUG, UNASSIGNED_OWNER } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const unreviewed: LintCheck = (entries) =>
  entries.flatMap((e) => {
    const missing = [...(e.entry.owner === UNASSIGNED_OWNER ? ["an owner"] : []), ...(e.entry.bug === TODO_BUG ? ["a bug link"] : [])];
    return missing.length === 0 ? [] : [{ check: "unreviewed", entry: e.index, message: `${describeEntry(e)}: needs ${missing.join(" and ")} (written by --update-expectations${e.entry.generated ? `, ${e.entry.generated}` : ""})` }];
  });
