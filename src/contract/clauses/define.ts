import type { Area, ClauseInput } from "../clause.js";
import { METHODS, type MethodName } from "../methods.js";

type Draft = Omit<ClauseInput, "area" | "doc" | "severity"> & Partial<Pick<ClauseInput, "doc" | "severity">>;

/** Clauses of one area; `doc` defaults to the first method's section, severity to normal. */
export function defineClauses(area: Area, drafts: Draft[]): ClauseInput[] {
  return drafts.map((d) => ({
    ...d,
    area,
    severity: d.severity ?? "normal",
    doc: d.doc ?? METHODS[(d.methods[0] ?? "listTaskSpaces") as MethodName].doc,
  }));
}
