/** `when.persona` names a persona of the fake (ego-conformance personas). */
import { describeEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const unknownPersona: LintCheck = (entries, { personas }) =>
  entries.flatMap((e) => {
    const persona = e.entry.when?.persona;
    if (persona === undefined || personas.includes(persona)) return [];
    return [{ check: "unknown-persona", entry: e.index, message: `${describeEntry(e)}: persona '${persona}' does not exist (personas: ${personas.join(", ")})` }];
  });
