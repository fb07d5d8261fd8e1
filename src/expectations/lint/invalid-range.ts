/** `when.egoVersion` is an Ego Lite range (src/version) that some version satisfies. */
import { isEmptyRange, parseEgoRange } from "../../version/index.js";
import { describeEntry } from "../schema.js";
import type { LintCheck } from "./problem.js";

export const invalidRange: LintCheck = (entries) =>
  entries.flatMap((e) => {
    const text = e.entry.when?.egoVersion;
    if (text === undefined) return [];
    try {
      if (isEmptyRange(parseEgoRange(text))) return [{ check: "invalid-range", entry: e.index, message: `${describeEntry(e)}: egoVersion '${text}' is empty: no version satisfies it` }];
      return [];
    } catch (error) {
      return [{ check: "invalid-range", entry: e.index, message: `${describeEntry(e)}: ${(error as Error).message}` }];
    }
  });
