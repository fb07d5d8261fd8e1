/**
 * Argument-validation clauses, derived from the parameter lists in ../methods.ts: the same data
 * the fake validates with. One clause per (method, case), WPT's `invalid` files as data.
 */
import { special, formatArgs, type Arg } from "../arguments.js";
import { METHOD_NAMES, METHODS, type MethodName, type ParamSpec, type RuleStatus } from "../methods.js";
import type { ClauseInput } from "../clause.js";
import { defineClauses } from "./define.js";

export interface InvalidArgumentCase {
  clauseId: string;
  method: MethodName;
  slug: string;
  args: Arg[];
  status: RuleStatus;
}

const WRONG_VALUE: Record<ParamSpec["type"], { slug: string; value: Arg }> = {
  number: { slug: "not-a-number", value: "7" },
  string: { slug: "not-a-string", value: 42 },
  object: { slug: "not-an-object", value: "full_page" },
};

/**
 * Inputs beyond the parameter list. Most are ones the doc is silent on (research Q2, research Q3, research Q4):
 * their core is judged and whether they are refused is observed (ARGUMENT_SPLIT). Two are covered
 * by a documented rule after all, so they are judged in full: `null` is "not a number" for
 * useTaskSpace ("Throws TypeError when id is missing, not a number", Task Context), and a name is
 * "not a number" for claimTaskSpace ("Throws TypeError when id is missing or not a number").
 */
const EXTRA_CASES: Partial<Record<MethodName, { slug: string; args: Arg[]; status?: RuleStatus }[]>> = {
  useTaskSpace: [
    { slug: "id-null", args: [null], status: "documented" },
    { slug: "id-not-integer", args: [1.5] },
    { slug: "id-negative", args: [-1] },
    { slug: "id-nan", args: [special("NaN")] },
  ],
  claimTaskSpace: [{ slug: "id-name-string", args: [special("spaceName")], status: "documented" }],
  snapshot: [
    { slug: "scope-unknown", args: [{ scope: "everything" }] },
    { slug: "max-result-length-negative", args: [{ maxResultLength: -1 }] },
  ],
};

function casesOf(method: MethodName): Omit<InvalidArgumentCase, "clauseId" | "method">[] {
  const spec = METHODS[method];
  const { params, validation } = spec;
  const fill = params.map((p) => p.example);
  const out: Omit<InvalidArgumentCase, "clauseId" | "method">[] = [];
  if (params.length === 0) {
    out.push({ slug: "any-argument", args: [1], status: validation.extra });
    return out;
  }
  params.forEach((p, i) => {
    if (!p.optional) out.push({ slug: `${p.name}-missing`, args: fill.slice(0, i), status: validation.missing });
    const wrong = WRONG_VALUE[p.type];
    out.push({ slug: `${p.name}-${wrong.slug}`, args: [...fill.slice(0, i), wrong.value], status: validation.wrongType });
    if (p.nonEmpty) out.push({ slug: `${p.name}-empty`, args: [...fill.slice(0, i), ""], status: validation.wrongType });
  });
  out.push({ slug: "extra-argument", args: [...fill, 1], status: validation.extra });
  for (const extra of EXTRA_CASES[method] ?? []) out.push({ slug: extra.slug, args: extra.args, status: extra.status ?? "unspecified" });
  return out;
}

export const INVALID_ARGUMENT_CASES: InvalidArgumentCase[] = METHOD_NAMES.flatMap((method) =>
  casesOf(method).map((c) => ({ ...c, method, clauseId: `arguments.${method}.${c.slug}` })),
);

export function invalidArgumentCases(method: MethodName): InvalidArgumentCase[] {
  return INVALID_ARGUMENT_CASES.filter((c) => c.method === method);
}

const FAKE_CHOICE = "the fake throws TypeError with error_code EGO_INVALID_ARGUMENT, as for the documented cases";

/** The open question an input the doc has no rule for stands on: extra arguments, useTaskSpace's ids, snapshot's options. */
function openQuestionOf(method: MethodName, slug: string): string {
  if (slug === "extra-argument" || slug === "any-argument") return "research Q2";
  return method === "useTaskSpace" ? "research Q3" : "research Q4";
}

/** The split of every argument input the doc has no rule for (judged by toRefuseAsDocumentedOrProceed). */
function argumentSplit(method: MethodName, slug: string) {
  const question = openQuestionOf(method, slug);
  const proceed =
    METHODS[method].kind === "sync"
      ? "return synchronously, as the method documents"
      : method === "snapshot"
        ? "resolve, or reject an Error with a documented own error_code (the snapshot failure channel)"
        : "resolve (a result, or an error object with a documented error_code other than EGO_INVALID_ARGUMENT)";
  return {
    question: `${question}: the doc states no argument rule for this ${method} input`,
    choice: FAKE_CHOICE,
    core:
      "a refusal is the documented one, a synchronous TypeError with own error_code EGO_INVALID_ARGUMENT (never a plain Error, " +
      `an inherited code, a rejection or a resolved EGO_INVALID_ARGUMENT object); a call that goes ahead must ${proceed}`,
    openDetail: "whether the build refuses this input at all or goes ahead with it",
    basis: `native-bindings-api.md Error Codes ("Argument validation failures throw TypeError with error_code EGO_INVALID_ARGUMENT"), ${METHODS[method].doc.section}; research 1.2, ${question}`,
  };
}

export const argumentClauses: ClauseInput[] = defineClauses("arguments", [
  ...INVALID_ARGUMENT_CASES.map((c) => ({
    id: c.clauseId,
    title: `${c.method}(${formatArgs(c.args)}) throws a TypeError with error_code EGO_INVALID_ARGUMENT synchronously`,
    methods: [c.method],
    // the clause asserts error_code EGO_INVALID_ARGUMENT: builds before error codes throw without it
    features: [...METHODS[c.method].features, "error-codes" as const],
    ...(c.status === "unspecified"
      ? { unspecified: argumentSplit(c.method, c.slug) }
      : {}),
  })),
  {
    id: "arguments.createTaskSpace.no-space-on-throw",
    title: "a createTaskSpace call rejected for its arguments leaves no space behind",
    methods: ["createTaskSpace", "listTaskSpaces"],
    features: ["task-space-listing-v2"],
  },
]);
