/** The clause pattern has the shape of a clause id or glob; the message is a regular expression. */
import { describeEntry } from "../schema.js";
import { isValidPattern } from "../pattern.js";
import type { LintCheck } from "./problem.js";

export const invalidPattern: LintCheck = (entries) =>
  entries.flatMap((e) => {
    const problems = [];
    if (!isValidPattern(e.entry.clause)) {
      problems.push({ check: "invalid-pattern", entry: e.index, message: `${describeEntry(e)}: '${e.entry.clause}' is not a clause id or glob (letters, digits, . - * ?)` });
    }
    if (e.entry.message !== undefined) {
      try {
        new RegExp(e.entry.message);
      } catch (error) {
        problems.push({ check: "invalid-pattern", entry: e.index, message: `${describeEntry(e)}: message is not a regular expression: ${(error as Error).message}` });
      }
    }
    return problems;
  });
