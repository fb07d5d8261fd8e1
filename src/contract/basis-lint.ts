/**
 * A required clause is a rule, and a rule needs a document: its `doc.section` opens on a heading of
 * the reference or names an upstream `*.md`. Research notes and open questions make open details.
 */
import { conformanceOf, type Clause } from "./clause.js";
import ANCHORS from "./data/native-bindings-anchors.json" with { type: "json" };

/** The reference's headings as a section would quote them: without their backticks. */
export const REFERENCE_HEADINGS: readonly string[] = ANCHORS.headings.map((h) => h.heading.replace(/`/g, ""));

const OPEN_QUESTION = /\bQ\d+\b|open question/i;
const RESEARCH = /\bresearch\b/i;
const UPSTREAM_DOCUMENT = /[\w./-]+\.md\b/;

/** Why a clause's basis cannot carry a required rule, or undefined when it can (or the clause is not required). */
export function basisProblem(clause: Pick<Clause, "doc" | "unspecified">): string | undefined {
  if (conformanceOf(clause) !== "required") return undefined;
  const section = clause.doc.section.replace(/`/g, "");
  if (OPEN_QUESTION.test(section)) return `rests on an open question ("${clause.doc.section}")`;
  const document = UPSTREAM_DOCUMENT.test(section);
  if (RESEARCH.test(section) && !document) return `rests on research notes alone, naming no document that states the rule ("${clause.doc.section}")`;
  if (!document && !REFERENCE_HEADINGS.some((h) => section.startsWith(h))) return `cites neither a heading of the reference nor an upstream document ("${clause.doc.section}")`;
  return undefined;
}

/** `id: problem` for every clause whose basis cannot carry a required rule. */
export function basisProblems(clauses: readonly Clause[]): string[] {
  return clauses.flatMap((c) => {
    const problem = basisProblem(c);
    return problem === undefined ? [] : [`${c.id}: ${problem}`];
  });
}
