/**
 * compat.json: the compatibility matrix as data (format `ego-conformance/compat`, version 1), its
 * columns, rows, cells, scores and interop (docs/results.md). The schema is strict: a file that does
 * not match is not a compat.json of this version.
 */
import { z } from "zod";
import { idRecordSchema } from "../tables/id-record.js";
import { AreaName, Severity } from "../contract/clause.js";
import { parseJson } from "../files/input-file.js";
import { Outcome } from "../outcomes/statuses.js";
import { UnspecifiedOutcome } from "./status.js";
import { TargetKey, TargetSpec } from "./target-spec.js";

export const COMPAT_FORMAT = "ego-conformance/compat";
export const COMPAT_FORMAT_VERSION = 1;

export const SCORE_DEFINITION =
  "score = passed / applicable, over required clauses (not unspecified) whose status is not not-applicable; " +
  "a flaky pass (passed after an infrastructure retry) counts as passed and is also counted separately; " +
  "failed, precondition-failed, broken, known and unknown clauses are applicable and not passed; known is also counted separately; " +
  "unspecified clauses are observations and are not scored, except that an unspecified clause whose documented core failed counts as applicable and failed.";

export const INTEROP_DEFINITION =
  "interop = clauses that hold on every target where they apply / required clauses that apply to at least one target that ran " +
  "(an unavailable target takes no part; a clause fails interop if any target fails, breaks, knows or lacks a result for it).";

const IsoDate = z.string().datetime({ offset: true });

export const NotApplicableReason = z.strictObject({
  /** the `not_applicable` label: `feature:<name>`, `needs:<capability>`, `version`; null when absent */
  key: z.string().nullable(),
  /** the sentence the run gave */
  text: z.string(),
});

/** One judged difference of a clause between the target's recording and the fake's (src/recording/compare.ts). */
export const FakeDifference = z.strictObject({
  /** the test's title, where the clause has several (variants) */
  test: z.string().optional(),
  /** `#3 listTabs`: the call's place in its test; absent for the clause's verdict */
  call: z.string().optional(),
  /** what differs: verdict, calls (the sequence of methods), channel, failed, error-code, field, ... */
  kind: z.string(),
  /** a documented field's path */
  path: z.string().optional(),
  /** what the build did, and what the fake did */
  build: z.unknown(),
  fake: z.unknown(),
});
export type FakeDifference = z.infer<typeof FakeDifference>;

/** At most this many differences are kept per cell (the count says how many there were). */
export const MAX_FAKE_DIFFERENCES = 20;

export const CompatCell = z.strictObject({
  status: Outcome,
  /** unspecified clauses: whether the build did what the fake does */
  outcome: UnspecifiedOutcome.optional(),
  /** unspecified clauses that differ: what the build did (the run's observation) */
  observed: z.array(z.string()).optional(),
  /** not-applicable: why */
  reason: NotApplicableReason.optional(),
  /** failed, broken, known, unknown: what the results said (distinct, shortened) */
  messages: z.array(z.string()).optional(),
  /** known: the bug links of the expectation entries that made it known */
  bugs: z.array(z.string()).optional(),
  /**
   * the target's recording differs, judged, from the fake column that plays the same build
   * (`fake`: its key), for any clause, unspecified or not: a defect of the fake, or a build that
   * does something else. Absent when nothing judged differs, or nothing was compared
   */
  differsFromFake: z
    .strictObject({
      fake: TargetKey,
      /** how many judged differences there were (the first MAX_FAKE_DIFFERENCES are listed) */
      count: z.number().int().min(1),
      differences: z.array(FakeDifference),
    })
    .optional(),
  /** how many results reported the clause (variants of one clause count separately; 0 = none) */
  results: z.number().int().min(0),
});
export type CompatCell = z.infer<typeof CompatCell>;

export const Availability = z.enum(["ran", "unavailable", "error", "missing"]);
export type Availability = z.infer<typeof Availability>;

export const ShardRef = z.strictObject({ index: z.number().int().min(1), count: z.number().int().min(1) });

/** What one target's run gave, before scoring: the unit a shard bundle carries. */
export const TargetOutcome = z.strictObject({
  key: TargetKey,
  spec: TargetSpec,
  /** the column header: version and persona or path */
  label: z.string(),
  kind: z.enum(["fake", "installed"]),
  persona: z.string().nullable(),
  /** the Ego Lite version text the run reported (null when the target did not run or reported none) */
  egoVersion: z.string().nullable(),
  /** where the version came from: persona, flag, getBrowserVersion, Info.plist... */
  versionSource: z.string().nullable(),
  /** the `target_name` the run reported */
  targetName: z.string().nullable(),
  /**
   * ran: results were collected; unavailable: this build of the harness cannot reach the target
   * (said why, never faked); error: the run could not be made; missing: its shard was not merged
   */
  availability: Availability,
  reason: z.string().optional(),
  runId: z.string().nullable(),
  startedAt: IsoDate.nullable(),
  finishedAt: IsoDate.nullable(),
  shard: ShardRef,
  /** results that made the run untrustworthy (mixed labels, unknown clauses...) */
  problems: z.array(z.string()),
  /**
   * the target's recording against the fake column that plays the same build (set when compat is
   * built, src/matrix/fake-differences.ts): that column's key (null: none, with the reason), how
   * many clauses both judged, and how many of them differ, judged. Absent on a fake column itself
   */
  fakeComparison: z
    .strictObject({ fake: TargetKey.nullable(), reason: z.string().optional(), compared: z.number().int().min(0), differing: z.number().int().min(0) })
    .optional(),
  /** one cell per selected clause */
  cells: idRecordSchema(CompatCell),
});
export type TargetOutcome = z.infer<typeof TargetOutcome>;

export const Score = z.strictObject({
  /** passed / applicable; null when nothing applicable ran */
  value: z.number().min(0).max(1).nullable(),
  passed: z.number().int().min(0),
  applicable: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** could not run: the build broke a rule another clause owns */
  preconditionFailed: z.number().int().min(0),
  broken: z.number().int().min(0),
  known: z.number().int().min(0),
  /** passed only after an infrastructure retry (also counted in passed: the clause holds) */
  flaky: z.number().int().min(0),
  unknown: z.number().int().min(0),
  notApplicable: z.number().int().min(0),
  unspecified: z.strictObject({
    /** unspecified clauses observed (status unspecified) */
    observed: z.number().int().min(0),
    /** of those, how many differ from the fake's choice */
    differs: z.number().int().min(0),
    /** unspecified clauses without an observation: broken, known or no result (a failed core is scored as failed) */
    unobserved: z.number().int().min(0),
  }),
});
export type Score = z.infer<typeof Score>;

/**
 * The release gate's verdict on a target's run (src/gate, by ./target-gate.ts): against a chosen
 * baseline (its file) or the contract itself. Counts are clauses.
 */
export const TargetGate = z.strictObject({
  /** "the contract", or the baseline file */
  against: z.string(),
  ship: z.boolean(),
  /** why not, one sentence each, as `gate` says them */
  reasons: z.array(z.string()),
  /** clauses that block */
  blocking: z.number().int().min(0),
  /** of those, clauses not applicable because the build lacks what its version (or the baseline) had: coverage lost */
  lost: z.number().int().min(0),
  /** clauses this harness's environment could not judge (no operator, no real pages...): they never block */
  notJudgedHere: z.number().int().min(0),
});
export type TargetGate = z.infer<typeof TargetGate>;

/** `gate` is optional: a compat.json written before the gate was shown still reads as version 1. */
export const CompatTarget = TargetOutcome.omit({ cells: true }).extend({ score: Score, gate: TargetGate.optional() }).strict();
export type CompatTarget = z.infer<typeof CompatTarget>;

export const CompatClause = z.strictObject({
  id: z.string(),
  title: z.string(),
  area: AreaName,
  method: z.string().nullable(),
  methods: z.array(z.string()),
  severity: Severity,
  features: z.array(z.string()),
  versions: z.string().nullable(),
  /**
   * the docs leave the behaviour partly open: the question, the fake's choice, the documented
   * core (judged; null when there is none) and the open detail (observed)
   */
  unspecified: z.strictObject({ question: z.string(), choice: z.string(), core: z.string().nullable(), openDetail: z.string() }).nullable(),
  /** target key -> cell, for every target */
  cells: idRecordSchema(CompatCell),
});
export type CompatClause = z.infer<typeof CompatClause>;

export const Selection = z.strictObject({
  areas: z.array(AreaName),
  grep: z.string().nullable(),
});
export type Selection = z.infer<typeof Selection>;

export const CompatJson = z.strictObject({
  format: z.literal(COMPAT_FORMAT),
  formatVersion: z.literal(COMPAT_FORMAT_VERSION),
  generatedAt: IsoDate,
  harness: z.strictObject({ name: z.string(), version: z.string() }),
  plan: z.strictObject({
    /** a hash of the target list and the selection: bundles of one matrix share it */
    id: z.string(),
    targets: z.array(TargetKey),
    selection: Selection,
    shards: z.number().int().min(1),
  }),
  /** the shard bundles merged into this file (one for an unsharded run) */
  sources: z.array(z.strictObject({ shard: ShardRef, bundle: z.string(), createdAt: IsoDate })),
  /** what is wrong with the matrix as a whole (missing shards, unavailable targets...) */
  warnings: z.array(z.string()),
  scoreDefinition: z.string(),
  interop: z.strictObject({
    definition: z.string(),
    value: z.number().min(0).max(1).nullable(),
    holdEverywhere: z.number().int().min(0),
    applicable: z.number().int().min(0),
  }),
  areas: z.array(z.strictObject({ id: AreaName, title: z.string() })),
  targets: z.array(CompatTarget),
  clauses: z.array(CompatClause),
  /** which builds may ship, by the release gate: what they were gated against, and the keys of the targets that ship (optional, as `targets[].gate`) */
  gate: z.strictObject({ against: z.string(), ship: z.array(TargetKey) }).optional(),
}).superRefine((compat, ctx) => {
  const keys = new Set(compat.targets.map((t) => t.key));
  if (keys.size !== compat.targets.length) ctx.addIssue({ code: "custom", message: "target keys are not unique", path: ["targets"] });
  compat.clauses.forEach((clause, i) => {
    const cellKeys = Object.keys(clause.cells);
    const missing = [...keys].filter((k) => !Object.hasOwn(clause.cells, k));
    const extra = cellKeys.filter((k) => !keys.has(k));
    if (missing.length > 0 || extra.length > 0) {
      ctx.addIssue({ code: "custom", message: `clause ${clause.id}: cells do not match the targets (missing ${missing.join(", ") || "none"}; extra ${extra.join(", ") || "none"})`, path: ["clauses", i, "cells"] });
    }
  });
});
export type CompatJson = z.infer<typeof CompatJson>;

/** Parses and validates a compat.json text; the error names what does not match. */
export function parseCompatJson(text: string): CompatJson {
  const raw = parseJson(text, "compat.json");
  const parsed = CompatJson.safeParse(raw);
  if (!parsed.success) throw new Error(`compat.json does not match ${COMPAT_FORMAT}@${COMPAT_FORMAT_VERSION}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The JSON Schema of compat.json (draft 2020-12), written next to it for other tools. */
export function compatJsonSchema(): unknown {
  return z.toJSONSchema(CompatJson, { io: "output", unrepresentable: "any" });
}
