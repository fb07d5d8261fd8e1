/** A pattern that matches no clause of the catalogue covers nothing (a renamed or removed clause, a typo). */
import { matchesClause } from "../pattern.js";
import { describeEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const orphan: LintCheck = (entries, { catalogue }) =>
  entries.flatMap((e) =>
    catalogue.some((c) => matchesClause(e.entry.clause, c.id))
      ? []
      : [{ check: "orphan", entry: e.index, message: `${describeEntry(e)}: '${e.entry.clause}' matches no clause of the catalogue` }],
  );
