/** Builders for Allure results and catalogue clauses used by the report tests. */
import type { Clause } from "../../src/contract/clause.js";
import { LABEL } from "../../src/labels/labels.js";
import type { ResultStatus, TestResult } from "../../src/report/results-reader.js";

export interface ResultSpec {
  clause?: string;
  status: ResultStatus;
  message?: string;
  target?: string;
  targetName?: string;
  egoVersion?: string;
  persona?: string;
  notApplicable?: string;
  name?: string;
}

let counter = 0;

/** A parsed result as results-reader returns it, with the run labels of a fake-target run by default. */
export function result(spec: ResultSpec): TestResult {
  counter += 1;
  const labels = [
    ...(spec.clause !== undefined ? [{ name: LABEL.clause, value: spec.clause }] : []),
    { name: LABEL.targetKind, value: spec.target ?? "fake" },
    { name: LABEL.targetName, value: spec.targetName ?? "fake 0.5.0.19" },
    { name: LABEL.egoVersion, value: spec.egoVersion ?? "0.5.0.19" },
    ...(spec.persona !== undefined ? [{ name: LABEL.persona, value: spec.persona }] : []),
    ...(spec.notApplicable !== undefined ? [{ name: LABEL.notApplicable, value: spec.notApplicable }] : []),
  ];
  const r: TestResult = {
    file: `/results/r${counter}-result.json`,
    name: spec.name ?? `test ${counter}`,
    status: spec.status,
    labels,
    parameters: [],
  };
  if (spec.message !== undefined) r.message = spec.message;
  return r;
}

/** A minimal catalogue clause (already parsed). */
export function clause(id: string, extra: Partial<Clause> = {}): Clause {
  const area = id.split(".")[0] as Clause["area"];
  return {
    id,
    title: `clause ${id} for tests`,
    area,
    methods: ["listTaskSpaces"],
    doc: { section: "s", anchor: "a" },
    severity: "normal",
    features: [],
    needs: [],
    tags: [],
    ...extra,
  };
}

/** The JSON an allure-vitest result file would hold for `spec`. */
export function resultFileJson(spec: ResultSpec & { uuid: string }): string {
  const r = result(spec);
  return JSON.stringify({
    uuid: spec.uuid,
    historyId: `h-${spec.uuid}`,
    name: r.name,
    fullName: `suites/x.test.ts#${r.name}`,
    status: r.status,
    statusDetails: r.message !== undefined ? { message: r.message, trace: `AssertionError: ${r.message}\n    at x.test.ts:1:1` } : {},
    stage: "finished",
    start: 1_700_000_000_000,
    stop: 1_700_000_000_050,
    labels: [...r.labels, { name: "epic", value: spec.clause?.split(".")[0] ?? "none" }],
    parameters: [{ name: "target", value: "fake" }],
    steps: [],
    attachments: [],
  });
}
